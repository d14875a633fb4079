// The records of one primary index, with what searching needs precomputed at write time: an
// inverted index from each normalised word to where it occurs (record, attribute, position), and
// the vocabulary for typo-tolerant lookups. Replicas read the same IndexData.

import { facetKey, type FilterTarget } from './filters';
import { getAttribute, type CompiledSettings } from './settings';
import { tokenize } from './text';
import { Vocabulary } from './vocabulary';

export type EngineRecord = { objectID: string } & Record<string, unknown>;

// An occurrence packs the searchable attribute's index and the word position into one number.
export const POSITION_LIMIT = 1 << 20;
export const attributeOf = (at: number): number => Math.floor(at / POSITION_LIMIT);
export const positionOf = (at: number): number => at % POSITION_LIMIT;
// Words of two array elements are kept apart, so that they never look adjacent.
const ELEMENT_GAP = 8;
// Searchable attributes per index, for packing (record, attribute) pairs.
const MAX_ATTRIBUTES = 64;

export type Doc = {
  /** Dense id, in insertion order: also the last tie-break, like Algolia's internal order. */
  readonly id: number;
  readonly objectID: string;
  readonly record: EngineRecord;
  readonly filter: FilterTarget;
  /** Group of attributeForDistinct's value, as a small integer; -1 when absent (never grouped). */
  readonly distinctGroup: number;
};

/** Occurrences of one word, as parallel arrays. Entries of removed records stay until compaction. */
export type Posting = { docs: number[]; ats: number[] };

/** Leaf strings and numbers of a value, arrays and nested objects flattened in order. */
export function leafTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leafTexts);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leafTexts);
  return [];
}

function numbersOf(value: unknown): number[] {
  if (typeof value === 'number' && Number.isFinite(value)) return [value];
  if (typeof value === 'boolean') return [value ? 1 : 0];
  if (Array.isArray(value)) return value.flatMap(numbersOf);
  return [];
}

function filterTarget(record: EngineRecord, settings: CompiledSettings): FilterTarget {
  const facets = new Map<string, string[]>();
  const numbers = new Map<string, number[]>();
  return {
    facetValues(attribute) {
      if (!settings.facetable.has(attribute)) return undefined;
      let values = facets.get(attribute);
      if (!values) {
        values = leafTexts(getAttribute(record, attribute)).map(facetKey);
        facets.set(attribute, values);
      }
      return values;
    },
    numericValues(attribute) {
      let values = numbers.get(attribute);
      if (!values) {
        values = numbersOf(getAttribute(record, attribute));
        numbers.set(attribute, values);
      }
      return values;
    },
    tags() {
      return leafTexts(record._tags);
    },
  };
}

export class IndexData {
  /** By Doc.id; undefined once removed. */
  readonly docs: Array<Doc | undefined> = [];
  vocabulary = new Vocabulary();
  private readonly byObjectID = new Map<string, Doc>();
  private readonly postings = new Map<string, Posting>();
  // Values (string or array element) made of one single word: word → docId * 64 + attribute.
  // A one-word query is "exact" on a record only when it equals such a whole value.
  private readonly singleWordValues = new Map<string, number[]>();
  private readonly postingCounts: number[] = [];
  private readonly distinctGroups = new Map<string, number>();
  private livePostings = 0;
  private deadPostings = 0;
  /** Bumped on every write, so that caches of sorted results know when to drop. */
  version = 0;

  constructor(public settings: CompiledSettings) {}

  get size(): number {
    return this.byObjectID.size;
  }

  get(objectID: string): Doc | undefined {
    return this.byObjectID.get(objectID);
  }

  liveDocs(): Doc[] {
    return this.docs.filter((d): d is Doc => d !== undefined);
  }

  posting(word: string): Posting | undefined {
    return this.postings.get(word);
  }

  singleWordValue(word: string): readonly number[] {
    return this.singleWordValues.get(word) ?? [];
  }

  static unpackValue(packed: number): { docId: number; attribute: number } {
    return { docId: Math.floor(packed / MAX_ATTRIBUTES), attribute: packed % MAX_ATTRIBUTES };
  }

  replaceAll(records: readonly EngineRecord[]): void {
    this.docs.length = 0;
    this.postingCounts.length = 0;
    this.vocabulary = new Vocabulary();
    this.byObjectID.clear();
    this.postings.clear();
    this.singleWordValues.clear();
    this.distinctGroups.clear();
    this.livePostings = 0;
    this.deadPostings = 0;
    for (const record of records) this.add(record);
    this.version++;
  }

  upsert(record: EngineRecord): void {
    this.detach(record.objectID);
    this.add(record);
    this.compactIfNeeded();
    this.version++;
  }

  remove(objectID: string): boolean {
    const removed = this.detach(objectID);
    if (removed) {
      this.compactIfNeeded();
      this.version++;
    }
    return removed;
  }

  /** Re-analyses every record after a settings change. */
  reindex(settings: CompiledSettings): void {
    this.settings = settings;
    this.replaceAll(this.liveDocs().map((d) => d.record));
  }

  /** How many distinct groups exist (upper bound of Doc.distinctGroup). */
  get distinctGroupCount(): number {
    return this.distinctGroups.size;
  }

  private distinctGroup(record: EngineRecord): number {
    const attribute = this.settings.raw.attributeForDistinct;
    if (!attribute) return -1;
    const value = getAttribute(record, attribute);
    if (value === undefined || value === null || value === '') return -1;
    const key = typeof value === 'string' ? value : JSON.stringify(value);
    let group = this.distinctGroups.get(key);
    if (group === undefined) {
      group = this.distinctGroups.size;
      this.distinctGroups.set(key, group);
    }
    return group;
  }

  private detach(objectID: string): boolean {
    const doc = this.byObjectID.get(objectID);
    if (!doc) return false;
    this.byObjectID.delete(objectID);
    this.docs[doc.id] = undefined;
    const count = this.postingCounts[doc.id] ?? 0;
    this.livePostings -= count;
    this.deadPostings += count;
    return true;
  }

  // Removed records leave stale postings behind (skipped when searching): rebuild once they
  // outnumber the live ones.
  private compactIfNeeded(): void {
    if (this.deadPostings > 1000 && this.deadPostings > this.livePostings) {
      this.replaceAll(this.liveDocs().map((d) => d.record));
    }
  }

  private add(record: EngineRecord): void {
    const id = this.docs.length;
    const doc: Doc = {
      id,
      objectID: record.objectID,
      record,
      filter: filterTarget(record, this.settings),
      distinctGroup: this.distinctGroup(record),
    };
    let postingCount = 0;
    this.settings.searchable.slice(0, MAX_ATTRIBUTES).forEach((attribute, attributeIndex) => {
      let position = 0;
      for (const text of leafTexts(getAttribute(record, attribute.name))) {
        const tokens = tokenize(text);
        for (const token of tokens) {
          const at = attributeIndex * POSITION_LIMIT + Math.min(position++, POSITION_LIMIT - 1);
          let posting = this.postings.get(token.norm);
          if (!posting) {
            posting = { docs: [], ats: [] };
            this.postings.set(token.norm, posting);
            this.vocabulary.add(token.norm);
          }
          posting.docs.push(id);
          posting.ats.push(at);
          postingCount++;
        }
        position += ELEMENT_GAP;
        if (tokens.length === 1) {
          const word = tokens[0]!.norm;
          const list = this.singleWordValues.get(word);
          const packed = id * MAX_ATTRIBUTES + attributeIndex;
          if (list) list.push(packed);
          else this.singleWordValues.set(word, [packed]);
        }
      }
    });
    this.livePostings += postingCount;
    this.postingCounts[id] = postingCount;
    this.docs.push(doc);
    this.byObjectID.set(doc.objectID, doc);
  }
}
