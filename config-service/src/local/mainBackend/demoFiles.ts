// The demo uploads' contents, made on request and the same every time, so the sizes the list gives are
// the sizes downloaded.

/** A CSV of readings, `rows` one minute apart; the seed varies the tags and values between files. */
export function readingsCsv(rows: number, seed: number): Buffer {
  const lines = ['timestamp,tag,value,unit'];
  for (let i = 0; i < rows; i++) {
    const minute = new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString();
    lines.push(`${minute},TAG-${(seed * 7 + i) % 97},${(((seed + 1) * 31 + i * 17) % 1000) / 10},degC`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A one-page PDF that viewers open. */
export function onePagePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 770 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 770 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Pretty-printed JSON, as a person would upload it. */
export const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** UTF-8 text. */
export const plainText = (text: string) => Buffer.from(text, 'utf8');
