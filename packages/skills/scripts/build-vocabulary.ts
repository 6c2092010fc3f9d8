/**
 * Builds data/vocabulary.json from raw ESCO and O*NET files in a folder:
 *
 *   npx tsx packages/skills/scripts/build-vocabulary.ts <raw-folder>
 *   npx biome format --write packages/skills/data
 *
 * Output: an array of [id, label, altLabels?] tuples sorted by label (case-insensitive); see ../ATTRIBUTION.md.
 * The raw files are not committed. The ones data/vocabulary.json was built from (2026-11-30):
 *
 * - ESCO v1.2.0, files of the official CSV download (as released, by all appearances): digitalSkillsCollection_en.csv,
 *   languageSkillsCollection_en.csv, transversalSkillsCollection_en.csv, greenSkillsCollection_en.csv,
 *   researchSkillsCollection_en.csv, digCompSkillsCollection_en.csv, broaderRelationsSkillPillar_en.csv, from
 *   github.com/victoriano/future-of-work-data, data/raw/esco/1.2.0/, commit e6aa2f1f73448dcde7927d77ce260a693a543bf8.
 * - No complete mirror of ESCO's skills_en.csv was to be had (it is over 4 MB), so two partial copies stand in,
 *   used for labels and reuseLevel only (alt labels come from official files only):
 *   skills_en.partial.csv = skills_en.csv of github.com/MoffApps/Skills, commit 8db814875575457edaed9232267a1cfbc2232e1e
 *   (columns conceptUri, reuseLevel, preferredLabel, altLabels; the 4,199 cross-sector and transversal concepts);
 *   skills_en.labels.csv = data/esco/skills_en.csv of github.com/MiguelMF-Coder/MatchKey-GenAI-Maverick, commit
 *   1a851ff454e19114c7f87026cc2a9b7b7219dfc2 (concept_uri, preferred_label of 13,485 concepts, read from the ESCO
 *   API in 2026). Only concepts that ESCO v1.2.0 lists (broaderRelationsSkillPillar_en.csv) are kept.
 * - O*NET 30.2 "Technology Skills.txt" (tab-separated), from github.com/JoshAugust/unmapped-global-hackathon,
 *   data/onet/Technology Skills.txt, commit 0df45ec7ec086d1dffb6eca35b064deb0acd98c3.
 *
 * To rebuild from a newer release, put the ESCO CSV download's skills_en.csv, *SkillsCollection_en.csv and
 * broaderRelationsSkillPillar_en.csv (https://esco.ec.europa.eu/en/use-esco/download, English, CSV) and O*NET's
 * "Technology Skills.txt" (https://www.onetcenter.org/database.html, text format) in a folder and run the above.
 *
 * Selection rule. ESCO (a concept is merged by conceptUri over all files; official files win for the label):
 * every knowledge concept; every concept of the digital, language or transversal skills collection; every other
 * skill/competence whose reuseLevel is transversal or cross-sector and whose label has at most MAX_WORDS (4)
 * words; but no label over MAX_LABEL_WORDS (5) words. skillType, when a file lacks it, is knowledge if the
 * concept's broader group is an ISCED-F field. O*NET: each distinct Example used by at least MIN_OCCUPATIONS (3)
 * occupations or flagged Hot Technology, except generic ones ("Spreadsheet software") and those that are already
 * an ESCO label (ignoring case, spaces and punctuation), also without its qualifier ("Python" for "Python
 * (computer programming)"). White space in labels is collapsed. Alt labels: of at most MAX_ALT_WORDS (3) words,
 * deduplicated (case-insensitive), without the label, at most 8, shortest first. (The word limits keep to what a
 * job seeker types, and the file under 700 KB.)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_WORDS = 4; // skill/competence labels outside the collections
const MAX_LABEL_WORDS = 5; // every ESCO label
const MAX_ALT_WORDS = 3;
const MIN_OCCUPATIONS = 3;
const MAX_ALT_LABELS = 8;
const OUT = join(import.meta.dirname, '../data/vocabulary.json');

/** A row by column name (those read below); a column the file lacks reads as ''. */
type Column =
  | 'conceptType'
  | 'conceptUri'
  | 'concept_uri'
  | 'broaderUri'
  | 'preferredLabel'
  | 'preferred_label'
  | 'altLabels'
  | 'skillType'
  | 'reuseLevel'
  | 'Example'
  | 'Commodity Code'
  | 'O*NET-SOC Code'
  | 'Hot Technology';
type Row = Record<Column, string>;
const row = (keys: string[], cells: string[]): Row =>
  new Proxy(Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? ''])), {
    get: (o, k) => o[k as string] ?? '',
  }) as Row;
type Concept = { label: string; alts: string[]; skillType: string; reuseLevel: string; collection: boolean };

/** Parses CSV (RFC 4180: quoted fields may hold commas, quotes and newlines) or, with '\t', O*NET's text files. */
function parse(text: string, sep = ','): Row[] {
  const rows: string[][] = [[]];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[i++];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && sep === ',') quoted = true;
    else if (c === sep || c === '\n') {
      rows.at(-1)?.push(field.replace(/\r$/, ''));
      field = '';
      if (c === '\n') rows.push([]);
    } else field += c;
  }
  if (field) rows.at(-1)?.push(field);
  const [header = [], ...body] = rows.filter((r) => r.length > 1);
  const keys = header.map((h) => h.replace(/^\uFEFF/, '').trim());
  return body.map((cells) => row(keys, cells));
}

const words = (s: string) => s.split(' ').length;
const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();
const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9+#]/g, ''); // 'objectivec' for 'Objective-C'
const cleanAlts = (label: string, alts: string[]): string[] => {
  const seen = new Set([label.toLowerCase()]);
  const out = alts
    .map(tidy)
    .filter((a) => a && words(a) <= MAX_ALT_WORDS && !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
  return out.sort((a, b) => a.length - b.length || a.localeCompare(b)).slice(0, MAX_ALT_LABELS);
};
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/\+/g, 'plus')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const dir = process.argv[2];
if (!dir)
  throw new Error(
    'usage: build-vocabulary.ts <folder with the raw ESCO CSVs and O*NET Technology Skills.txt>',
  );
// Official ESCO files first, so their labels win over those of the partial copies.
const official = (f: string) => /^(skills_en|\w+SkillsCollection_en)\.csv$/.test(f);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.csv'))
  .sort((a, b) => Number(official(b)) - Number(official(a)) || a.localeCompare(b));

const concepts = new Map<string, Concept>();
const knowledgeGroups = new Set<string>(); // concepts whose broader group is an ISCED-F field
let released: Set<string> | undefined; // concepts of this ESCO release
for (const file of files) {
  const rows = parse(readFileSync(join(dir, file), 'utf8'));
  if (file.startsWith('broaderRelationsSkillPillar')) {
    const own = rows.filter((r) => r.conceptType === 'KnowledgeSkillCompetence');
    released = new Set(own.map((r) => r.conceptUri));
    for (const r of own) if (r.broaderUri.includes('/isced-f/')) knowledgeGroups.add(r.conceptUri);
    continue;
  }
  const collection = /^(digital|language|transversal)SkillsCollection/.test(file);
  for (const r of rows) {
    const uri = r.conceptUri ?? r.concept_uri;
    const label = tidy(r.preferredLabel ?? r.preferred_label ?? '');
    if (!uri || !label) continue;
    // Alt labels only from official files: the partial copy's altLabels column does not match its rows.
    const alts = official(file) ? (r.altLabels ?? '').split(/\n| \| /) : [];
    const c = concepts.get(uri) ?? { label, alts: [], skillType: '', reuseLevel: '', collection: false };
    c.alts.push(...alts);
    c.skillType ||= r.skillType ?? '';
    c.reuseLevel ||= r.reuseLevel ?? '';
    c.collection ||= collection;
    concepts.set(uri, c);
  }
}

type Tuple = [string, string] | [string, string, string[]];
const tuple = (id: string, label: string, alts: string[]): Tuple =>
  alts.length ? [id, label, alts] : [id, label];
const out: Tuple[] = [];
const counts = { knowledge: 0, collection: 0, skill: 0, onet: 0 };
for (const [uri, c] of concepts) {
  if (released && !released.has(uri)) continue;
  const knowledge = (c.skillType || (knowledgeGroups.has(uri) ? 'knowledge' : '')) === 'knowledge';
  const shortSkill = ['transversal', 'cross-sector'].includes(c.reuseLevel) && words(c.label) <= MAX_WORDS;
  if ((!knowledge && !c.collection && !shortSkill) || words(c.label) > MAX_LABEL_WORDS) continue;
  counts[knowledge ? 'knowledge' : c.collection ? 'collection' : 'skill']++;
  out.push(tuple(`esco:${uri.split('/').pop()}`, c.label, cleanAlts(c.label, c.alts)));
}

// ESCO labels, also without their qualifier: 'python' for 'Python (computer programming)'.
const known = new Set(out.flatMap(([, label]) => [label, label.replace(/ \(.*\)$/, '')].map(key)));
const onetFile = readdirSync(dir).find((f) => f === 'Technology Skills.txt');
if (onetFile) {
  const products = new Map<string, { codes: string[]; occupations: Set<string>; hot: boolean }>();
  for (const r of parse(readFileSync(join(dir, onetFile), 'utf8'), '\t')) {
    const p = products.get(r.Example) ?? { codes: [], occupations: new Set(), hot: false };
    p.codes.push(r['Commodity Code']);
    p.occupations.add(r['O*NET-SOC Code']);
    p.hot ||= r['Hot Technology'] === 'Y';
    products.set(r.Example, p);
  }
  const generic = /^[A-Z][a-z]+( [a-z]+)* software$/; // "Spreadsheet software", not "SAP software"
  for (const [example, p] of products) {
    if (p.occupations.size < MIN_OCCUPATIONS && !p.hot) continue;
    if (generic.test(example) || known.has(key(example))) continue;
    counts.onet++;
    out.push([`onet:${p.codes.sort()[0]}-${slug(example)}`, example]);
  }
}

const sortKey = (t: Tuple) => t[1].toLowerCase();
out.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : a[0] < b[0] ? -1 : 1));
writeFileSync(OUT, `[\n${out.map((t) => JSON.stringify(t)).join(',\n')}\n]\n`);
console.warn(`${out.length} skills`, counts, `with alt labels: ${out.filter((t) => t[2]).length}`);
