/** Downloads from the page: tables as CSV, charts as SVG or PNG, a view as one HTML page. Nothing is uploaded. */
import { escapeMarkup } from '../lib/core/markup';
import { PAGE_POLICY, runFilesBlock } from '../lib/store/run-page';

export function download(name: string, blob: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function downloadCsv(name: string, csv: string): void {
  download(name, new Blob([csv], { type: 'text/csv' }));
}

/** What an exported chart says about itself: a title above, a caption (the run's configuration) below. */
export interface ChartLabels {
  title: string;
  caption?: string;
}

/** Words into lines of at most `chars` characters. */
function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The chart as a standalone SVG document, with its title above and its caption below (charts set
 * their own colours and fonts, so it looks the same outside the page).
 */
function svgMarkup(svg: SVGSVGElement, labels?: ChartLabels): { markup: string; width: number; height: number } {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const box = svg.viewBox.baseVal;
  clone.setAttribute('width', String(box.width));
  clone.setAttribute('height', String(box.height));
  const chart = new XMLSerializer().serializeToString(clone);
  const pad = 12;
  const titleLines = labels ? wrap(labels.title, Math.floor(box.width / 9)) : [];
  const captionLines = labels?.caption ? wrap(labels.caption, Math.floor(box.width / 6)) : [];
  const top = titleLines.length ? pad + titleLines.length * 20 + 6 : 0;
  const bottom = captionLines.length ? captionLines.length * 14 + pad : 0;
  const width = box.width + 2 * pad;
  const height = top + box.height + bottom + pad;
  const text = (lines: string[], y0: number, step: number, attrs: string) => lines.map((l, i) => `<text x="${pad}" y="${y0 + i * step}" ${attrs}>${escapeMarkup(l)}</text>`).join('');
  const markup =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    text(titleLines, pad + 15, 20, 'font-size="16" font-weight="600" fill="#1d2330"') +
    `<g transform="translate(${pad} ${top || pad})">${chart}</g>` +
    text(captionLines, (top || pad) + box.height + 16, 14, 'font-size="11" fill="#3a4252"') +
    `</svg>`;
  return { markup, width, height };
}

export function downloadSvg(name: string, svg: SVGSVGElement, labels?: ChartLabels): void {
  download(name, new Blob([svgMarkup(svg, labels).markup], { type: 'image/svg+xml' }));
}

/** Rendered at twice the chart's size, for slides. */
async function pngBlob(svg: SVGSVGElement, labels?: ChartLabels, scale = 2): Promise<Blob> {
  const doc = svgMarkup(svg, labels);
  const box = { width: doc.width, height: doc.height };
  const url = URL.createObjectURL(new Blob([doc.markup], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(box.width * scale);
    canvas.height = Math.round(box.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas in this browser');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the chart could not be rendered as PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function downloadPng(name: string, svg: SVGSVGElement, labels?: ChartLabels): Promise<void> {
  download(name, await pngBlob(svg, labels));
}

/**
 * A view of the page (the first view, a comparison) as one self-contained HTML page: the elements
 * as drawn, the charts' SVG included, with the page's own styles; controls (buttons, inputs) left
 * out; the run files of the runs it draws inside as data, so the app opens the page again as those
 * runs. Like a shared run page (`lib/store/run-page.ts`) it runs no script and asks nothing of the
 * network.
 */
export function viewPageHtml(root: HTMLElement, title: string, note: string, runFiles: readonly string[]): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const control of copy.querySelectorAll('button, input, select, textarea, [data-export="skip"]')) control.remove();
  const styles = [...document.styleSheets]
    .flatMap((sheet) => {
      try {
        return [...sheet.cssRules].map((rule) => rule.cssText);
      } catch {
        return [];
      }
    })
    .join('\n')
    .replace(/<\/style/gi, '<\\/style');
  const carried = runFiles.length
    ? ` The ${runFiles.length} run${runFiles.length === 1 ? '' : 's'} it draws travel inside it: open this file in fc-playground (Results → Examples and run files → “Open a run file”) to open them there, exactly.`
    : '';
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${escapeMarkup(PAGE_POLICY)}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(title)} · fc-playground</title><style>${styles}\nbody>main{max-width:1100px;margin:0 auto;padding:1rem}</style></head>\n<body><main><h1>${escapeMarkup(title)}</h1>${copy.outerHTML}<p class="muted" data-testid="view-note">${escapeMarkup(note + carried)}</p></main>${runFiles.length ? runFilesBlock(runFiles) : ''}</body></html>\n`;
}
