/**
 * How text becomes search keys, the same at build time (index) and in the browser (query):
 * lowercase words without accents, British spellings mapped to American ones, then the Porter
 * stemmer, so "licence", "licences", "license" and "licensing" share the key "licens".
 *
 * The spelling rules are ours because they must run in the browser: dictionaries of British and
 * American spellings on npm are hundreds of kilobytes. Both the index and the query go through the
 * same mapping, so a rule that also catches a word that has no variant ("precise" → "precize")
 * changes nothing a reader sees; the lists only avoid rules that would merge two real words
 * ("four" → "for").
 */
import { stemmer } from 'stemmer';

const WORD = /[\p{L}\p{N}]+(?:[._'-][\p{L}\p{N}]+)*/gu;
/** The same for ASCII text (most of it), several times faster than the Unicode classes. */
const ASCII_WORD = /[a-z0-9]+(?:[._'-][a-z0-9]+)*/g;
const NON_ASCII = /[^\x00-\x7f]/;
const SEPARATOR = /[._'-]/;

/** Words too common to tell pages apart; they still match, but never decide a title's coverage. */
export const STOP_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'of', 'on', 'or', 'the', 'to', 'with', 'your']);

/** Whether a word of tokenize() is a compound ("hub-server", "v1.6") that it also gives as parts. */
export function isCompound(word: string): boolean {
  return SEPARATOR.test(word);
}

/** Lowercase words; "cache_dir" or "v1.6" also yield their parts. */
export function tokenize(text: string): string[] {
  let lower = text.toLowerCase();
  const ascii = !NON_ASCII.test(lower);
  if (!ascii) lower = lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const words = lower.match(ascii ? ASCII_WORD : WORD);
  if (!words) return [];
  const out: string[] = [];
  for (const word of words) {
    out.push(word);
    if (SEPARATOR.test(word)) for (const part of word.split(SEPARATOR)) if (part) out.push(part);
  }
  return out;
}

/** British word starts whose American form differs (colour → color, centre → center, …). */
const BRITISH_STARTS: readonly [string, string][] = [
  ...['colour', 'behaviour', 'favour', 'honour', 'labour', 'neighbour', 'flavour', 'harbour', 'humour', 'rumour', 'armour', 'endeavour', 'odour', 'vigour', 'parlour', 'savour', 'splendour', 'candour', 'clamour', 'valour', 'vapour'].map(
    (w): [string, string] => [w, w.replace(/our$/, 'or')],
  ),
  ...['centre', 'theatre', 'metre', 'litre', 'fibre', 'calibre', 'spectre', 'lustre', 'sombre', 'meagre', 'kilometre', 'centimetre', 'millimetre'].map(
    (w): [string, string] => [w, w.replace(/re$/, 'er')],
  ),
  ...['catalogue', 'dialogue', 'analogue', 'prologue', 'epilogue', 'monologue'].map((w): [string, string] => [w, w.replace(/ue$/, '')]),
  ['licence', 'license'],
  ['defence', 'defense'],
  ['offence', 'offense'],
  ['pretence', 'pretense'],
  ['practise', 'practice'],
  ['programme', 'program'],
  ['grey', 'gray'],
  ['cheque', 'check'],
  ['tyre', 'tire'],
  ['aluminium', 'aluminum'],
  ['artefact', 'artifact'],
  ['ageing', 'aging'],
  ['judgement', 'judgment'],
  ['acknowledgement', 'acknowledgment'],
  ['manoeuvre', 'maneuver'],
  ['mould', 'mold'],
  ['plough', 'plow'],
  ['sceptic', 'skeptic'],
  ['enrol', 'enroll'],
  ['fulfil', 'fulfill'],
];
/** Endings that may follow a listed start and still be the same word (colours, centred, catalogued). */
const INFLECTION = /^(?:s|d|ed|es|ing|ings|ite|ites|able|ful|al|ally|ist|ists|ly|ment|ments)?$/;
/** -ise/-yse forms and their derivations (organisation, analysed, initialising) take the z of -ize. */
const ISE = /^(.{2,}[^aeiou])(is|ys)(e|es|ed|ing|ings|er|ers|ation|ations|able)$/;
/** Words the -ise rule would change although they are the same in American English. */
const NOT_ISE = new Set(['raise', 'praise', 'noise', 'poise', 'cruise', 'bruise', 'chaise', 'reprise', 'reprises']);

/** The American spelling of a lowercase word, or the word itself. */
export function americanSpelling(word: string): string {
  for (const [british, american] of BRITISH_STARTS) {
    if (word.startsWith(british) && INFLECTION.test(word.slice(british.length))) return american + word.slice(british.length);
  }
  if (NOT_ISE.has(word)) return word;
  const ise = ISE.exec(word);
  if (ise) return `${ise[1]}${ise[2] === 'is' ? 'iz' : 'yz'}${ise[3]}`;
  return word;
}

const keys = new Map<string, string>();

/** The index key of one lowercase word (memoised: the same words come back again and again). */
export function searchKey(word: string): string {
  let key = keys.get(word);
  if (key === undefined) {
    // Numbers, versions and identifiers with digits are kept as they are.
    key = /\d/.test(word) ? word : stemmer(americanSpelling(word));
    if (keys.size > 50_000) keys.clear();
    keys.set(word, key);
  }
  return key;
}

/** The distinct keys of a text. */
export function searchKeys(text: string): string[] {
  return [...new Set(tokenize(text).map(searchKey))];
}
