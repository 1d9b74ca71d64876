/** Downloads from the page: tables as CSV, charts as SVG or PNG. Nothing is uploaded. */

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

/** The chart as a standalone SVG document (charts set their own colours and fonts, so it looks the same outside the page). */
export function svgMarkup(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const box = svg.viewBox.baseVal;
  clone.setAttribute('width', String(box.width));
  clone.setAttribute('height', String(box.height));
  clone.insertAdjacentHTML('afterbegin', `<rect width="100%" height="100%" fill="#ffffff"/>`);
  return new XMLSerializer().serializeToString(clone);
}

export function downloadSvg(name: string, svg: SVGSVGElement): void {
  download(name, new Blob([svgMarkup(svg)], { type: 'image/svg+xml' }));
}

/** Rendered at twice the chart's size, for slides. */
export async function pngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const box = svg.viewBox.baseVal;
  const url = URL.createObjectURL(new Blob([svgMarkup(svg)], { type: 'image/svg+xml' }));
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

export async function downloadPng(name: string, svg: SVGSVGElement): Promise<void> {
  download(name, await pngBlob(svg));
}
