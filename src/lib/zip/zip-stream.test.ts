import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { createZipStream, dosDateTime, sanitizeZipName, ZipLimitError, type ZipEntry } from './zip-stream';

const dir = mkdtempSync(join(tmpdir(), 'ffr-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (s: string) => new TextEncoder().encode(s);

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A stream handing out the chunks one pull at a time, like a fetch body. */
function chunked(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

async function* from(entries: ZipEntry[]): AsyncIterable<ZipEntry> {
  for (const e of entries) {
    await new Promise((r) => setTimeout(r, 1)); // entries arrive over time, as fetched
    yield e;
  }
}

type PyInfo = { name: string; size: number; compress: number; flags: number; date_time: number[]; crc: number; data: string };

/** Checks the archive with Python's zipfile (CRC of every entry) and returns what it read. */
function pythonRead(zip: Uint8Array, file = 'kit.zip'): PyInfo[] {
  const path = join(dir, file);
  writeFileSync(path, zip);
  const script = [
    'import zipfile, sys, json, base64',
    'z = zipfile.ZipFile(sys.argv[1])',
    'assert z.testzip() is None',
    'print(json.dumps([dict(name=i.filename, size=i.file_size, compress=i.compress_type, flags=i.flag_bits, date_time=list(i.date_time), crc=i.CRC, data=base64.b64encode(z.read(i)).decode()) for i in z.infolist()]))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })) as PyInfo[];
}

describe('streaming ZIP writer', () => {
  const pdf = bytes('%PDF-1.4\n% composition du XV de France\n%%EOF\n');
  const photoChunks = Array.from({ length: 7 }, (_, k) => {
    const c = new Uint8Array(10_000 + k * 3_333);
    for (let i = 0; i < c.length; i++) c[i] = (i * 31 + k) & 0xff;
    return c;
  });
  const photo = new Uint8Array(photoChunks.reduce((n, c) => n + c.length, 0));
  photoChunks.reduce((at, c) => (photo.set(c, at), at + c.length), 0);
  const modified = new Date('2026-11-22T13:05:09Z'); // 14:05:09 in Paris

  const entries = (): ZipEntry[] => [
    { name: 'Équipe de France – composition.pdf', data: pdf, modified },
    { name: 'photos/Marcoussis été.jpg', data: chunked(photoChunks), modified: new Date('2026-07-14T19:00:00Z') },
    { name: 'Équipe de France – composition.pdf', data: bytes('doublon'), modified },
    { name: 'équipe de France – composition.PDF', data: bytes('doublon de casse'), modified },
    { name: '../../etc/passwd', data: bytes('root'), modified },
    { name: 'C:\\Users\\presse\\notes.txt', data: chunked([bytes('a'), bytes('b')]), modified },
    { name: '/absolu/vide.txt', data: chunked([]), modified },
    { name: 'vide-aussi.txt', data: new Uint8Array(0), modified },
    { name: 'E\u0301quipe NFD.txt', data: bytes('nfd'), modified },
  ];

  it('writes an archive Python reads back entry by entry, with UTF-8 names and STORE', async () => {
    const zip = await collect(createZipStream(from(entries())));
    const infos = pythonRead(zip);
    expect(infos.map((i) => `${i.name}|${i.size}`)).toEqual([
      `Équipe de France – composition.pdf|${pdf.length}`,
      `photos/Marcoussis été.jpg|${photo.length}`,
      'Équipe de France – composition (2).pdf|7',
      'équipe de France – composition (3).PDF|16',
      'etc/passwd|4',
      'C_/Users/presse/notes.txt|2',
      'absolu/vide.txt|0',
      'vide-aussi.txt|0',
      'Équipe NFD.txt|3',
    ]);
    const byName = new Map(infos.map((i) => [i.name, i]));
    expect(Buffer.from(byName.get('photos/Marcoussis été.jpg')!.data, 'base64').equals(Buffer.from(photo))).toBe(true);
    expect(Buffer.from(byName.get('Équipe de France – composition.pdf')!.data, 'base64').equals(Buffer.from(pdf))).toBe(true);
    expect(byName.get('photos/Marcoussis été.jpg')!.crc).toBe(crc32(photo));
    for (const i of infos) {
      expect(i.compress).toBe(0); // STORE
      expect(i.flags & 0x800).toBe(0x800); // UTF-8 names
    }
    // Streams get a data descriptor (bit 3); in-memory bytes have their sizes in the header.
    expect(byName.get('photos/Marcoussis été.jpg')!.flags & 8).toBe(8);
    expect(byName.get('Équipe de France – composition.pdf')!.flags & 8).toBe(0);
    // DOS time is the Paris wall clock, to 2 seconds.
    expect(byName.get('Équipe de France – composition.pdf')!.date_time).toEqual([2026, 11, 22, 14, 5, 8]);
    expect(byName.get('photos/Marcoussis été.jpg')!.date_time).toEqual([2026, 7, 14, 21, 0, 0]);
  });

  it('passes unzip -t too, when unzip is installed', async () => {
    let hasUnzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      hasUnzip = false;
    }
    if (!hasUnzip) return;
    const path = join(dir, 'unzip.zip');
    writeFileSync(path, await collect(createZipStream(from(entries()))));
    expect(execFileSync('unzip', ['-t', path], { encoding: 'utf8' })).toMatch(/No errors detected/);
  });

  it('writes a valid empty archive', async () => {
    const zip = await collect(createZipStream([]));
    expect(zip.length).toBe(22);
    expect(pythonRead(zip, 'empty.zip')).toEqual([]);
  });

  it('pulls the next entry only when the reader wants more bytes', async () => {
    const pulled: string[] = [];
    async function* lazy(): AsyncIterable<ZipEntry> {
      for (const name of ['a.txt', 'b.txt', 'c.txt']) {
        pulled.push(name);
        yield { name, data: bytes(name) };
      }
    }
    const reader = createZipStream(lazy()).getReader();
    await reader.read(); // local header of a.txt
    expect(pulled).toEqual(['a.txt']);
    await reader.cancel();
  });

  it('cancels the entry being read when the download is cancelled', async () => {
    let cancelled: unknown = 'not cancelled';
    let n = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array(1024).fill(n++ & 0xff)),
      cancel: (reason) => {
        cancelled = reason;
      },
    });
    const reader = createZipStream(from([{ name: 'flux.mp4', data: endless }])).getReader();
    for (let i = 0; i < 4; i++) await reader.read();
    await reader.cancel('client gone');
    expect(cancelled).toBeUndefined(); // cancel() reached the source (with no reason of its own)
  });

  it('fails the archive when an entry stream fails or yields something other than bytes', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes('début'));
        c.error(new Error('origin reset'));
      },
    });
    await expect(collect(createZipStream(from([{ name: 'x.bin', data: broken }])))).rejects.toThrow('origin reset');
    const wrong = new ReadableStream({ start: (c) => (c.enqueue('texte'), c.close()) }) as unknown as ReadableStream<Uint8Array>;
    await expect(collect(createZipStream(from([{ name: 'x.bin', data: wrong }])))).rejects.toThrow(TypeError);
  });

  it('refuses entries over 4 GiB with a clear error', async () => {
    const huge = Object.defineProperty(new Uint8Array(1), 'length', { value: 2 ** 32 });
    await expect(collect(createZipStream(from([{ name: 'trop gros.mov', data: chunked([huge]) }])))).rejects.toThrow(ZipLimitError);
    await expect(collect(createZipStream(from([{ name: 'trop gros.mov', data: chunked([huge]) }])))).rejects.toThrow(
      /trop gros\.mov.*4 GiB.*ZIP64/,
    );
    await expect(collect(createZipStream([{ name: 'trop gros.mov', data: huge }]))).rejects.toThrow(ZipLimitError);
  });
});

describe('entry names', () => {
  it('are relative, without dot segments, backslashes or control characters', () => {
    expect(sanitizeZipName('../../etc/passwd')).toBe('etc/passwd');
    expect(sanitizeZipName('/racine/./a/../b.txt')).toBe('racine/a/b.txt');
    expect(sanitizeZipName('dossier\\sous-dossier\\fichier.pdf')).toBe('dossier/sous-dossier/fichier.pdf');
    expect(sanitizeZipName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(sanitizeZipName('Match : France? "XV" <officiel>|*.pdf')).toBe('Match _ France_ _XV_ _officiel___.pdf');
    expect(sanitizeZipName('fin. ')).toBe('fin');
    expect(sanitizeZipName('../..')).toBe('fichier');
    expect(sanitizeZipName('E\u0301te\u0301.txt')).toBe('Été.txt');
  });
});

describe('DOS timestamps', () => {
  it('use the Paris wall clock with 2-second precision and clamp to the DOS range', () => {
    const { date, time } = dosDateTime(new Date('2026-03-29T01:30:01Z')); // 03:30:01 CEST
    expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2026, 3, 29]);
    expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([3, 30, 0]);
    expect(dosDateTime(new Date('1970-01-01T00:00:00Z'))).toEqual({ date: (1 << 5) | 1, time: 0 });
    expect(dosDateTime(new Date('2026-11-22T13:05:09Z'), 'UTC').time).toBe((13 << 11) | (5 << 5) | 4);
  });
});
