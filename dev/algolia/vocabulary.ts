// The set of distinct normalised words of an index, in a trie, so that one walk finds every word
// within the allowed number of typos of a query word — instead of computing an edit distance
// against each of the tens of thousands of words of the index.

export type WordMatch = {
  typos: number;
  /** True when the query word matched the beginning of the record word only. */
  prefix: boolean;
  /** How many letters of the record word the match covers (whole word unless prefix). */
  length: number;
};

type TrieNode = { children: Map<string, TrieNode>; word: string | null };

const newNode = (): TrieNode => ({ children: new Map(), word: null });

export class Vocabulary {
  private readonly root: TrieNode = newNode();

  add(word: string): void {
    let node = this.root;
    for (const ch of word) {
      let next = node.children.get(ch);
      if (!next) {
        next = newNode();
        node.children.set(ch, next);
      }
      node = next;
    }
    node.word = word;
  }

  delete(word: string): void {
    let node: TrieNode | undefined = this.root;
    for (const ch of word) {
      node = node.children.get(ch);
      if (!node) return;
    }
    node.word = null; // empty branches are left in place: they only cost a little memory
  }

  /**
   * Every word within `maxTypos` (Damerau-Levenshtein, optimal string alignment) of `query`, or —
   * when `prefix` — whose beginning is. Walks the trie carrying one row of the distance matrix per
   * letter, and abandons a branch once no extension of it can come back under `maxTypos`. Only the
   * diagonal band |i - depth| <= maxTypos can hold small distances: cells outside it are capped.
   */
  lookup(query: string, maxTypos: number, prefix: boolean): Map<string, WordMatch> {
    const q = [...query];
    const m = q.length;
    const cap = maxTypos + 1; // any distance above maxTypos is as good as cap
    const found = new Map<string, WordMatch>();

    const visit = (
      node: TrieNode,
      ch: string,
      prev: Uint8Array,
      prevMin: number,
      prevPrev: Uint8Array | null,
      prevCh: string | null,
      depth: number,
      bestPrefix: number,
      bestPrefixLength: number,
    ): void => {
      const row = new Uint8Array(m + 1).fill(cap);
      row[0] = Math.min(depth, cap);
      let rowMin = row[0]!;
      const from = Math.max(1, depth - maxTypos);
      const to = Math.min(m, depth + maxTypos);
      for (let i = from; i <= to; i++) {
        let v = Math.min(prev[i]! + 1, row[i - 1]! + 1, prev[i - 1]! + (q[i - 1] === ch ? 0 : 1));
        if (prevPrev && i > 1 && q[i - 1] === prevCh && q[i - 2] === ch) v = Math.min(v, prevPrev[i - 2]! + 1);
        v = Math.min(v, cap);
        row[i] = v;
        if (v < rowMin) rowMin = v;
      }

      // Best alignment of the whole query against a beginning of this branch (on a tie, the
      // longer beginning, which highlights more of the word).
      if (prefix && row[m]! <= bestPrefix) {
        bestPrefix = row[m]!;
        bestPrefixLength = depth;
      }

      if (node.word !== null) {
        const whole = row[m]!;
        if (whole <= maxTypos && (!prefix || whole <= bestPrefix)) {
          found.set(node.word, { typos: whole, prefix: false, length: depth });
        } else if (prefix && bestPrefix <= maxTypos) {
          found.set(node.word, { typos: bestPrefix, prefix: true, length: bestPrefixLength });
        }
      }

      // A transposition can still bring the next row one under the previous row's minimum.
      if (rowMin > maxTypos && prevMin + 1 > maxTypos && bestPrefix > maxTypos) return;
      for (const [c, child] of node.children) {
        visit(child, c, row, rowMin, prev, ch, depth + 1, bestPrefix, bestPrefixLength);
      }
    };

    const first = new Uint8Array(m + 1);
    for (let i = 0; i <= m; i++) first[i] = Math.min(i, cap);
    for (const [c, child] of this.root.children) visit(child, c, first, 0, null, null, 1, Infinity, 0);
    return found;
  }
}
