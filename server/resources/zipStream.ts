// A .zip written as it goes, for an export too large to hold at once: each entry's content is
// read chunk by chunk, deflated and handed on, so memory holds one chunk, never the archive.
// Sizes and checksums follow each entry in a data descriptor (the entry's header is sent before
// they are known), which every spreadsheet program and unzip reads.
//
// Each chunk is deflated by a fresh compressor ending in a sync flush: a run of non-final deflate
// blocks that refers to nothing before it, so the runs join into one valid stream, closed by an
// empty final block. The compression loses only the dictionary across chunks, a few per cent on
// chunks of hundreds of rows, and stays synchronous, so the stream's reader sets the pace.
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** the text or bytes, whole or in chunks */
  content: string | Buffer | AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** bit 3: sizes and checksum in a data descriptor after the data; bit 11: UTF-8 names */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;
/** without ZIP64 an archive stays under 4 GiB and 65,535 entries */
const MAX_32 = 0xffffffff;

/** An empty final deflate block: what ends each entry's chunks. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** The time the entries carry, in MS-DOS form (local time, two-second steps). */
function dosTime(now: Date): { time: number; date: number } {
  return {
    time: (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2),
    date: ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

async function* chunksOf(content: ZipEntry['content']): AsyncGenerator<Buffer> {
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    yield Buffer.from(content);
    return;
  }
  for await (const chunk of content) yield Buffer.from(chunk);
}

/** The archive of `entries`, in order, as a stream of buffers. */
export async function* zipStream(entries: Iterable<ZipEntry>, now = new Date()): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(now);
  const written: Written[] = [];
  let offset = 0;
  const checked = (n: number) => {
    if (n > MAX_32) throw new RangeError('the archive is larger than a zip without ZIP64 may be');
    return n;
  };

  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // checksum and sizes (14–25) stay zero: the data descriptor carries them
    header.writeUInt16LE(name.length, 26);
    const entryOffset = offset;
    yield Buffer.concat([header, name]);
    offset += header.length + name.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    for await (const chunk of chunksOf(entry.content)) {
      if (chunk.length === 0) continue;
      crc = crc32(chunk, crc);
      size += chunk.length;
      const deflated = deflateRawSync(chunk, { finishFlush: constants.Z_SYNC_FLUSH });
      compressed += deflated.length;
      yield deflated;
    }
    compressed += FINAL_BLOCK.length;
    yield FINAL_BLOCK;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(checked(compressed), 8);
    descriptor.writeUInt32LE(checked(size), 12);
    yield descriptor;
    offset = checked(offset + compressed + descriptor.length);
    written.push({ name, crc, compressed, size, offset: entryOffset });
  }

  const directory: Buffer[] = [];
  for (const entry of written) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressed, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(entry.offset, 42);
    directory.push(central, entry.name);
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(checked(offset), 16);
  yield Buffer.concat([directoryBytes, end]);
}
