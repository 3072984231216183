/**
 * Reads a CSV file as a spreadsheet does when it opens it (RFC 4180 with
 * Excel's habits): a leading byte-order mark is dropped, `separator`
 * splits fields, a field in double quotes may hold the separator, line
 * breaks and doubled quotes, and records end at CRLF (or a bare LF).
 * Answers the records as arrays of cell texts, the cells Excel would show
 * before deciding whether one is a formula.
 */
export function readSpreadsheetCsv(file: string, separator = ";"): string[][] {
  const text = file.startsWith("\uFEFF") ? file.slice(1) : file;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let index = 0;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  while (index < text.length) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (character === '"') quoted = false;
      else cell += character;
      index += 1;
      continue;
    }
    if (character === '"' && cell === "") {
      quoted = true;
    } else if (character === separator) {
      endCell();
    } else if (character === "\r" && text[index + 1] === "\n") {
      endCell();
      records.push(record);
      record = [];
      index += 1;
    } else if (character === "\n") {
      endCell();
      records.push(record);
      record = [];
    } else {
      cell += character;
    }
    index += 1;
  }
  if (quoted) throw new Error("the file ends inside a quoted field");
  if (cell !== "" || record.length > 0) {
    endCell();
    records.push(record);
  }
  return records;
}

/** Whether a spreadsheet would run this cell as a formula (OWASP's list of first characters). */
export function runsAsFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}
