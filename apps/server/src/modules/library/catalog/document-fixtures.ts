import { crc32 } from "node:zlib";

/**
 * Small documents of every kind an author's attachment may be, and near
 * misses, built in memory for the catalog's tests (no binary fixtures to
 * keep): each carries exactly the marks the content check reads.
 */

/** A one-page PDF. */
export function pdfDocument(text = "Лицензионный договор"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A 1×1 PNG. */
export function pngImage(): Buffer {
  return Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
    "hex",
  );
}

/** The start of a JFIF JPEG (what a scan of a signed page is). */
export function jpegImage(): Buffer {
  return Buffer.concat([
    Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"),
    Buffer.alloc(64, 0x11),
    Buffer.from("ffd9", "hex"),
  ]);
}

/**
 * An OLE2 compound file whose directory names `stream` (Word keeps its
 * text in "WordDocument"; Excel in "Workbook"), with 512-byte sectors.
 */
export function compoundFile(stream = "WordDocument"): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18); // minor version
  header.writeUInt16LE(3, 0x1a); // major version: 512-byte sectors
  header.writeUInt16LE(0xfffe, 0x1c); // byte order
  header.writeUInt16LE(9, 0x1e); // sector shift
  header.writeUInt16LE(6, 0x20); // mini sector shift
  header.writeUInt32LE(1, 0x2c); // FAT sectors
  header.writeUInt32LE(1, 0x30); // first directory sector
  header.writeUInt32LE(0x1000, 0x38); // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 0x3c); // no mini FAT
  header.writeUInt32LE(0xfffffffe, 0x44); // no DIFAT sectors
  header.writeUInt32LE(0, 0x4c); // the FAT is sector 0
  for (let index = 1; index < 109; index++) header.writeUInt32LE(0xffffffff, 0x4c + index * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: the FAT itself
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: the directory, one sector long
  const directory = Buffer.alloc(512);
  const entry = (index: number, name: string, type: number) => {
    const place = index * 128;
    const nameBytes = Buffer.from(`${name}\0`, "utf16le");
    nameBytes.copy(directory, place);
    directory.writeUInt16LE(nameBytes.length, place + 64);
    directory[place + 66] = type;
    directory.writeUInt32LE(0xffffffff, place + 68); // no siblings, no child
    directory.writeUInt32LE(0xffffffff, place + 72);
    directory.writeUInt32LE(index === 0 ? 1 : 0xffffffff, place + 76);
  };
  entry(0, "Root Entry", 5);
  entry(1, stream, 2);
  return Buffer.concat([header, fat, directory]);
}

/** A ZIP archive of stored (uncompressed) members, in the order given. */
export function zipArchive(members: Array<[name: string, content: string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of members) {
    const data = Buffer.from(content, "utf8");
    const nameBytes = Buffer.from(name, "utf8");
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Word 2007+ document with one paragraph. */
export function docxDocument(text = "Договор"): Buffer {
  return zipArchive([
    [
      "[Content_Types].xml",
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      "_rels/.rels",
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      "word/document.xml",
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    ],
  ]);
}

/** An OpenDocument of the given type (text unless said otherwise). */
export function openDocument(mimetype = "application/vnd.oasis.opendocument.text"): Buffer {
  return zipArchive([
    ["mimetype", mimetype],
    [
      "META-INF/manifest.xml",
      '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
    ],
    ["content.xml", '<?xml version="1.0"?><office:document-content/>'],
  ]);
}
