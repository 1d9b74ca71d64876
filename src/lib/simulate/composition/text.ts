/** Text processing and language analysis: transparent heuristics, deterministic. */
import { COMPANIES, CITIES, PEOPLE } from './world';
import { defineTool, fail, keyed, round } from '../define';
import type { CompositionTool } from './categories';

const text = { type: 'string', description: 'The text.' } as const;

const sentencesOf = (t: string): string[] =>
  t
    .match(/[^.!?]+[.!?]+|[^.!?]+$/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [];
const wordsOf = (t: string): string[] => t.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

const STOPWORDS = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those there their they them we our you your he she his her i me my not no so than then too very can will would should could do does did has have had into about over after before under again more most some such only own same also just'.split(
    ' ',
  ),
);
const POSITIVE = new Set(
  'good great excellent fantastic love loved amazing happy success successful strong growth grew improve improved positive wonderful best delighted pleased win agreed approved'.split(' '),
);
const NEGATIVE = new Set(
  'bad poor terrible hate hated awful sad failure failed weak decline fell slow error timeout negative worst angry disappointed delay delayed problem issue cancelled'.split(' '),
);
const MISSPELLINGS: Record<string, string> = {
  recieve: 'receive',
  teh: 'the',
  adress: 'address',
  occured: 'occurred',
  seperate: 'separate',
  definately: 'definitely',
  untill: 'until',
  wich: 'which',
  goverment: 'government',
  enviroment: 'environment',
  begining: 'beginning',
  tommorow: 'tomorrow',
  acommodate: 'accommodate',
  calender: 'calendar',
};
const TOPICS: Record<string, string[]> = {
  finance: ['revenue', 'budget', 'cost', 'costs', 'price', 'stock', 'market', 'invoice', 'payment', 'growth', 'profit', 'eur', 'usd'],
  technology: ['software', 'model', 'models', 'data', 'server', 'api', 'tests', 'code', 'install', 'functions', 'network'],
  travel: ['flight', 'hotel', 'trip', 'airport', 'travel', 'city', 'visit'],
  health: ['health', 'doctor', 'patient', 'hospital', 'medicine', 'diet'],
  sports: ['match', 'team', 'score', 'season', 'player', 'goal'],
  weather: ['rain', 'sunny', 'temperature', 'storm', 'forecast', 'weather'],
};

function termCounts(t: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of wordsOf(t)) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

function entitiesOf(t: string): { text: string; type: string }[] {
  const out: { text: string; type: string }[] = [];
  const seen = new Set<string>();
  const add = (s: string, type: string) => {
    if (!seen.has(s)) {
      seen.add(s);
      out.push({ text: s, type });
    }
  };
  for (const p of PEOPLE) if (t.includes(p.name)) add(p.name, 'PERSON');
  for (const c of COMPANIES) if (new RegExp(`\\b${c.name}\\b`).test(t)) add(c.name, 'ORGANIZATION');
  for (const c of CITIES) if (t.includes(c.name)) add(c.name, 'LOCATION');
  for (const m of t.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)) add(m[0], 'DATE');
  for (const m of t.matchAll(/\b\d[\d,]*(?:\.\d+)?\s?(?:EUR|USD|GBP|percent)\b/g)) add(m[0], m[0].endsWith('percent') ? 'PERCENT' : 'MONEY');
  return out;
}

export const TEXT_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'summarize_text',
    category: 'text',
    description: 'Summarise a text by keeping its leading sentences.',
    params: { text, max_sentences: { type: 'integer', description: 'How many sentences to keep (default 1).', optional: true } },
    returns: '{summary}',
    impl: (a) => {
      const n = a.num('max_sentences', 1);
      if (n < 1) fail('invalid_arguments', "'max_sentences' must be at least 1");
      return { summary: sentencesOf(a.str('text')).slice(0, n).join(' ') };
    },
  }),
  defineTool({
    name: 'extract_entities',
    category: 'text',
    description: 'Named entities in a text: people, organisations, locations, dates, amounts.',
    params: { text },
    returns: '{entities: [{text, type}]}',
    impl: (a) => ({ entities: entitiesOf(a.str('text')) }),
  }),
  defineTool({
    name: 'sentiment_analysis',
    category: 'text',
    description: 'Overall sentiment of a text (positive, negative or neutral) with a score from -1 to 1.',
    params: { text },
    returns: '{sentiment, score}',
    impl: (a) => {
      const ws = wordsOf(a.str('text'));
      const pos = ws.filter((w) => POSITIVE.has(w)).length;
      const neg = ws.filter((w) => NEGATIVE.has(w)).length;
      const score = pos + neg === 0 ? 0 : round((pos - neg) / (pos + neg), 2);
      return { sentiment: score > 0.2 ? 'positive' : score < -0.2 ? 'negative' : 'neutral', score };
    },
  }),
  defineTool({
    name: 'classify_text',
    category: 'text',
    description: 'Assign a text to one of the given categories (or to a built-in topic when none are given).',
    params: { text, categories: { type: 'array', items: 'string', description: 'Candidate labels, e.g. ["finance", "travel"].', optional: true } },
    returns: '{category, confidence}',
    impl: (a) => {
      const counts = termCounts(a.str('text'));
      const labels = a.strings('categories').length ? a.strings('categories') : Object.keys(TOPICS);
      const scoreOf = (label: string) => [...(TOPICS[label.toLowerCase()] ?? []), ...wordsOf(label)].reduce((s, w) => s + (counts.get(w) ?? 0), 0);
      const scores = labels.map(scoreOf);
      const total = scores.reduce((x, y) => x + y, 0);
      const best = scores.indexOf(Math.max(...scores));
      return { category: labels[best] as string, confidence: total === 0 ? round(1 / labels.length, 2) : round((scores[best] as number) / total, 2) };
    },
  }),
  defineTool({
    name: 'compare_texts',
    category: 'text',
    description: 'How much two texts overlap in vocabulary (Jaccard similarity) and the words they share.',
    params: { text_a: { type: 'string', description: 'First text.' }, text_b: { type: 'string', description: 'Second text.' } },
    returns: '{similarity, common_words}',
    impl: (a) => {
      const x = new Set(wordsOf(a.str('text_a')));
      const y = new Set(wordsOf(a.str('text_b')));
      const common = [...x].filter((w) => y.has(w)).sort();
      const union = new Set([...x, ...y]).size;
      return { similarity: union ? round(common.length / union, 4) : 1, common_words: common.filter((w) => !STOPWORDS.has(w)) };
    },
  }),
  defineTool({
    name: 'keyword_extract',
    category: 'text',
    description: 'The most frequent content words of a text.',
    params: { text, top_k: { type: 'integer', description: 'How many keywords (default 5).', optional: true } },
    returns: '{keywords}',
    impl: (a) => {
      const counts = [...termCounts(a.str('text')).entries()].filter(([w]) => !STOPWORDS.has(w) && w.length > 2 && !/^\d+$/.test(w));
      counts.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
      return { keywords: counts.slice(0, Math.max(1, a.num('top_k', 5))).map(([w]) => w) };
    },
  }),
  defineTool({
    name: 'spell_check',
    category: 'text',
    description: 'Correct common spelling mistakes in a text.',
    params: { text },
    returns: '{corrected, corrections: [{from, to}]}',
    impl: (a) => {
      const corrections: { from: string; to: string }[] = [];
      const corrected = a.str('text').replace(/[A-Za-z]+/g, (w) => {
        const fix = MISSPELLINGS[w.toLowerCase()];
        if (!fix) return w;
        const to = w[0] === w[0]?.toUpperCase() ? fix[0]?.toUpperCase() + fix.slice(1) : fix;
        corrections.push({ from: w, to });
        return to;
      });
      return { corrected, corrections };
    },
  }),
  defineTool({
    name: 'readability_score',
    category: 'text',
    description: 'Flesch reading ease of a text (higher is easier).',
    params: { text },
    returns: '{flesch_reading_ease, level}',
    impl: (a) => {
      const ws = wordsOf(a.str('text'));
      const ss = Math.max(1, sentencesOf(a.str('text')).length);
      if (ws.length === 0) fail('invalid_arguments', "'text' has no words");
      const syllables = ws.reduce((n, w) => n + Math.max(1, (w.match(/[aeiouy]+/g) ?? []).length), 0);
      const score = round(206.835 - 1.015 * (ws.length / ss) - 84.6 * (syllables / ws.length), 1);
      return { flesch_reading_ease: score, level: score >= 60 ? 'easy' : score >= 30 ? 'moderate' : 'difficult' };
    },
  }),
  defineTool({
    name: 'extract_questions',
    category: 'text',
    description: 'The questions asked in a text.',
    params: { text },
    returns: '{questions}',
    impl: (a) => ({ questions: sentencesOf(a.str('text')).filter((s) => s.endsWith('?')) }),
  }),
  defineTool({
    name: 'remove_stopwords',
    category: 'text',
    description: 'Remove common function words (the, and, of…) from a text.',
    params: { text },
    returns: '{text}',
    impl: (a) => ({ text: (a.str('text').match(/[\p{L}\p{N}']+/gu) ?? []).filter((w) => !STOPWORDS.has(w.toLowerCase())).join(' ') }),
  }),
];

const TRANSCRIPTS = [
  'Welcome everyone. Today we review the quarterly budget and agree on the launch date for the new product.',
  'Please call the office back before Friday about the delayed shipment to Berlin.',
  'The customer reported a problem with the invoice and asked for a refund of 120 EUR.',
  'Reminder: the team meeting moves to Thursday at 10 in the large conference room.',
  'Our travel plans are confirmed: we fly to Tokyo on 2026-03-04 and return a week later.',
];

export const NLP_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'tokenize_text',
    category: 'nlp',
    description: 'Split a text into word tokens.',
    params: { text, lowercase: { type: 'boolean', description: 'Lower-case the tokens.', optional: true } },
    returns: '{tokens, count}',
    impl: (a) => {
      const tokens = a.str('text').match(/[\p{L}\p{N}']+|[^\s\p{L}\p{N}]/gu) ?? [];
      const out = a.bool('lowercase') ? tokens.map((t) => t.toLowerCase()) : tokens;
      return { tokens: out, count: out.length };
    },
  }),
  defineTool({
    name: 'text_similarity',
    category: 'nlp',
    description: 'Cosine similarity of the word counts of two texts (0 to 1).',
    params: { text_a: { type: 'string', description: 'First text.' }, text_b: { type: 'string', description: 'Second text.' } },
    returns: '{score}',
    impl: (a) => {
      const x = termCounts(a.str('text_a'));
      const y = termCounts(a.str('text_b'));
      let dot = 0;
      for (const [w, n] of x) dot += n * (y.get(w) ?? 0);
      const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
      const d = norm(x) * norm(y);
      return { score: d === 0 ? 0 : round(dot / d, 4) };
    },
  }),
  defineTool({
    name: 'word_count',
    category: 'nlp',
    description: 'Count the words, characters and sentences of a text.',
    params: { text },
    returns: '{words, characters, sentences}',
    impl: (a) => ({ words: wordsOf(a.str('text')).length, characters: [...a.str('text')].length, sentences: sentencesOf(a.str('text')).length }),
  }),
  defineTool({
    name: 'extract_numbers',
    category: 'nlp',
    description: 'Every number written with digits in a text, in order.',
    params: { text },
    returns: '{numbers}',
    impl: (a) => ({ numbers: (a.str('text').match(/-?\d+(?:[.,]\d+)*/g) ?? []).map((n) => Number(n.replace(/,(?=\d{3}\b)/g, '').replace(',', '.'))).filter(Number.isFinite) }),
  }),
  defineTool({
    name: 'transcribe_audio',
    category: 'nlp',
    description: 'Transcribe a speech recording to text.',
    params: { audio_url: { type: 'string', description: 'URL of the recording, e.g. https://files.example.com/call.mp3.' } },
    returns: '{transcript, duration_seconds}',
    external: true,
    impl: (a) => {
      if (!/^https?:\/\/\S+\.(mp3|wav|m4a|ogg)$/i.test(a.str('audio_url'))) fail('invalid_arguments', "'audio_url' must be an http(s) URL of an .mp3, .wav, .m4a or .ogg file");
      const r = keyed(a.str('audio_url'), 'audio');
      return { transcript: r.pick(TRANSCRIPTS), duration_seconds: 5 + r.int(55) };
    },
  }),
];
