// Streaming ZIP writer for the press kit: media are piped from their origin into the archive
// without ever holding a whole file in memory (a worker has 128 MB). Entries are STOREd — photos and
// videos are already compressed, and deflating them would only burn CPU time.
//
// Format (APPNOTE 6.3.x): for each entry a local header, the bytes, and — when the size was not
// known up front — a data descriptor (general purpose bit 3); then the central directory and the
// end record. No ZIP64: entries and archives beyond 4 GiB are refused with a ZipLimitError.

import { crc32 } from './crc32';

export type ZipEntry = {
  /** Path inside the archive; sanitised, and made unique with « (2) », « (3) »… suffixes. */
  name: string;
  data: ReadableStream<Uint8Array> | Uint8Array;
  /** Defaults to the time the entry is written. */
  modified?: Date;
};

export type ZipOptions = {
  /** Zone of the DOS timestamps, which have none: unzip tools show them as local time. */
  timeZone?: string;
};

/** Thrown when the archive would need ZIP64 (an entry or the archive over 4 GiB, over 65 535 entries). */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

const MAX_U32 = 0xffffffff;
const MAX_U16 = 0xffff;
const FLAG_DATA_DESCRIPTOR = 1 << 3;
const FLAG_UTF8 = 1 << 11;
const VERSION_NEEDED = 20; // 2.0: folders and data descriptors
const VERSION_MADE_BY = (3 << 8) | 20; // Unix, so that the permissions below are honoured
const UNIX_FILE_0644 = (0o100644 << 16) >>> 0;

const encoder = new TextEncoder();

// ---- names -------------------------------------------------------------------------------------

/**
 * A safe relative path: backslashes become slashes, no leading slash, no `.`/`..` segments (a
 * "zip slip" would write outside the journalist's folder), no control characters, no characters
 * Windows refuses in file names, NFC (macOS sends decomposed accents).
 */
export function sanitizeZipName(raw: string): string {
  const segments = raw
    .normalize('NFC')
    .replace(/[\u0000-\u001F\u007F]/g, '')
    .replace(/\\/g, '/')
    .split('/')
    .map((s) =>
      s
        .replace(/[<>:"|?*]/g, '_')
        .trim()
        .replace(/[. ]+$/, ''),
    )
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  return segments.join('/') || 'fichier';
}

/** « dossier/photo.jpg » → « dossier/photo (2).jpg ». */
function withSuffix(path: string, n: number): string {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const base = path.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? `${dir}${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${dir}${base} (${n})`;
}

/** Names compared case-insensitively: Windows and macOS file systems would merge the two files. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = withSuffix(name, n);
  used.add(candidate.toLowerCase());
  return candidate;
}

// ---- timestamps --------------------------------------------------------------------------------

const dosFormats = new Map<string, Intl.DateTimeFormat>();

/** MS-DOS date and time (2-second precision, years 1980–2107) of the wall clock in `timeZone`. */
export function dosDateTime(instant: Date, timeZone = 'Europe/Paris'): { date: number; time: number } {
  let fmt = dosFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    dosFormats.set(timeZone, fmt);
  }
  if (Number.isNaN(instant.getTime())) instant = new Date(Date.UTC(1980, 0, 1));
  const p = Object.fromEntries(fmt.formatToParts(instant).map((x) => [x.type, x.value]));
  const year = +p.year!;
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | (+p.month! << 5) | +p.day!,
    time: (+p.hour! << 11) | (+p.minute! << 5) | (+p.second! >> 1),
  };
}

// ---- records -----------------------------------------------------------------------------------

type EntryRecord = { name: Uint8Array; flags: number; date: number; time: number; crc: number; size: number; offset: number };

function localHeader(e: EntryRecord): Uint8Array {
  const out = new Uint8Array(30 + e.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, VERSION_NEEDED, true);
  v.setUint16(6, e.flags, true);
  v.setUint16(8, 0, true); // method 0: STORE
  v.setUint16(10, e.time, true);
  v.setUint16(12, e.date, true);
  // With bit 3 these stay 0 and the data descriptor carries them.
  const known = !(e.flags & FLAG_DATA_DESCRIPTOR);
  v.setUint32(14, known ? e.crc : 0, true);
  v.setUint32(18, known ? e.size : 0, true); // compressed size
  v.setUint32(22, known ? e.size : 0, true); // uncompressed size
  v.setUint16(26, e.name.length, true);
  v.setUint16(28, 0, true); // extra field length
  out.set(e.name, 30);
  return out;
}

function dataDescriptor(e: EntryRecord): Uint8Array {
  const out = new Uint8Array(16);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x08074b50, true); // optional signature, written by every common tool
  v.setUint32(4, e.crc, true);
  v.setUint32(8, e.size, true);
  v.setUint32(12, e.size, true);
  return out;
}

function centralHeader(e: EntryRecord): Uint8Array {
  const out = new Uint8Array(46 + e.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x02014b50, true);
  v.setUint16(4, VERSION_MADE_BY, true);
  v.setUint16(6, VERSION_NEEDED, true);
  v.setUint16(8, e.flags, true);
  v.setUint16(10, 0, true);
  v.setUint16(12, e.time, true);
  v.setUint16(14, e.date, true);
  v.setUint32(16, e.crc, true);
  v.setUint32(20, e.size, true);
  v.setUint32(24, e.size, true);
  v.setUint16(28, e.name.length, true);
  // extra length, comment length, disk number, internal attributes: 0
  v.setUint32(38, UNIX_FILE_0644, true);
  v.setUint32(42, e.offset, true);
  out.set(e.name, 46);
  return out;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Uint8Array {
  const out = new Uint8Array(22);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, count, true); // entries on this disk
  v.setUint16(10, count, true); // entries in total
  v.setUint32(12, size, true);
  v.setUint32(16, offset, true);
  return out;
}

// ---- writer ------------------------------------------------------------------------------------

const tooLarge = (what: string) => new ZipLimitError(`${what} exceeds 4 GiB; ZIP64 is not supported by this writer.`);

/** Bytes of one entry's data, checksummed on the way through. */
async function* entryData(data: ReadableStream<Uint8Array> | Uint8Array, record: EntryRecord, label: string) {
  if (data instanceof Uint8Array) {
    if (data.length) yield data;
    return;
  }
  const reader = data.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!(value instanceof Uint8Array)) throw new TypeError(`ZIP entry « ${label} »: the stream must yield Uint8Array chunks.`);
      if (record.size + value.length > MAX_U32) throw tooLarge(`ZIP entry « ${label} »`);
      record.size += value.length;
      record.crc = crc32(value, record.crc);
      if (value.length) yield value;
    }
    finished = true;
  } finally {
    // On an error or a cancelled download, stop the source (e.g. the origin fetch) too.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, options: ZipOptions): AsyncGenerator<Uint8Array> {
  const records: EntryRecord[] = [];
  const used = new Set<string>();
  let offset = 0;
  for await (const entry of entries) {
    if (records.length === MAX_U16) throw new ZipLimitError('A ZIP archive without ZIP64 holds at most 65 535 entries.');
    if (offset > MAX_U32) throw tooLarge('The archive');
    const label = uniqueName(sanitizeZipName(entry.name), used);
    const name = encoder.encode(label);
    if (name.length > MAX_U16) throw new ZipLimitError(`ZIP entry name too long: «\u202f${label.slice(0, 80)}…\u202f».`);
    const { date, time } = dosDateTime(entry.modified ?? new Date(), options.timeZone);
    const bytes = entry.data instanceof Uint8Array ? entry.data : null;
    if (bytes && bytes.length > MAX_U32) throw tooLarge(`ZIP entry « ${label} »`);
    // In-memory data has its size and CRC up front: write them in the local header and skip the
    // descriptor, which some streaming unzippers (Java's ZipInputStream) refuse on STOREd entries.
    const record: EntryRecord = {
      name,
      flags: FLAG_UTF8 | (bytes ? 0 : FLAG_DATA_DESCRIPTOR),
      date,
      time,
      crc: bytes ? crc32(bytes) : 0,
      size: bytes ? bytes.length : 0,
      offset,
    };
    const header = localHeader(record);
    yield header;
    yield* entryData(entry.data, record, label);
    offset += header.length + record.size;
    if (!bytes) {
      yield dataDescriptor(record);
      offset += 16;
    }
    records.push(record);
  }
  if (offset > MAX_U32) throw tooLarge('The archive');
  let directorySize = 0;
  for (const record of records) {
    const central = centralHeader(record);
    directorySize += central.length;
    yield central;
  }
  if (offset + directorySize > MAX_U32) throw tooLarge('The archive');
  yield endOfCentralDirectory(records.length, directorySize, offset);
}

/**
 * A ZIP archive of `entries`, produced as it is read: each entry is pulled from the iterable only
 * when the consumer has taken the previous bytes, so backpressure reaches the media origins.
 * Cancelling the stream cancels the entry stream being read.
 */
export function createZipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions = {},
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries, options);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
