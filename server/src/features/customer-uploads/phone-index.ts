/**
 * The phone numbers an import has taken so far, each with its row: a compact hash table of E.164
 * numbers as float64 keys (at most 15 digits, exact below 2^53) and row numbers. About 24 bytes
 * per number, so a million-row file costs ~24 MB here rather than a Map of strings.
 */
export class PhoneIndex {
  private keys: Float64Array;
  private rows: Int32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1 << 12) {
    this.keys = new Float64Array(capacity);
    this.rows = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  /** '+919876543210' → 919876543210. */
  private static key(phone: string): number {
    return Number(phone.slice(1));
  }

  private slot(key: number): number {
    const low = key % 4294967296;
    const high = Math.floor(key / 4294967296);
    let hash = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
    let index = hash & this.mask;
    while (this.keys[index] !== 0 && this.keys[index] !== key) index = (index + 1) & this.mask;
    return index;
  }

  /** The row that took this number, or undefined. */
  get(phone: string): number | undefined {
    const key = PhoneIndex.key(phone);
    const index = this.slot(key);
    return this.keys[index] === key ? this.rows[index] : undefined;
  }

  /** Records the row of a number (the first one stays). */
  add(phone: string, row: number): void {
    const key = PhoneIndex.key(phone);
    if (!(key > 0)) return;
    const index = this.slot(key);
    if (this.keys[index] === key) return;
    this.keys[index] = key;
    this.rows[index] = row;
    this.size += 1;
    if (this.size * 2 > this.keys.length) this.grow();
  }

  private grow() {
    const keys = this.keys;
    const rows = this.rows;
    this.keys = new Float64Array(keys.length * 2);
    this.rows = new Int32Array(keys.length * 2);
    this.mask = this.keys.length - 1;
    for (let index = 0; index < keys.length; index += 1) {
      if (keys[index] === 0) continue;
      const slot = this.slot(keys[index]!);
      this.keys[slot] = keys[index]!;
      this.rows[slot] = rows[index]!;
    }
  }
}
