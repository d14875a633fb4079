// A minimal, valid one-page PDF (Helvetica, WinAnsi) kept as pure ASCII text, so that its byte
// length equals its string length and it can sit in the same string map as the SVG files.

const WIN_ANSI: Record<string, number> = {
  à: 0xe0,
  â: 0xe2,
  ä: 0xe4,
  ç: 0xe7,
  è: 0xe8,
  é: 0xe9,
  ê: 0xea,
  ë: 0xeb,
  î: 0xee,
  ï: 0xef,
  ô: 0xf4,
  ö: 0xf6,
  ù: 0xf9,
  û: 0xfb,
  ü: 0xfc,
  À: 0xc0,
  Â: 0xc2,
  Ç: 0xc7,
  È: 0xc8,
  É: 0xc9,
  Ê: 0xca,
  Î: 0xce,
  Ô: 0xd4,
  Ù: 0xd9,
  œ: 0x9c,
  Œ: 0x8c,
  '’': 0x92,
  '«': 0xab,
  '»': 0xbb,
  '–': 0x96,
  '—': 0x97,
  '…': 0x85,
  '\u00a0': 0xa0,
  '°': 0xb0,
  '€': 0x80,
};

function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) < 127) out += ch;
    else {
      const code = WIN_ANSI[ch];
      out += code === undefined ? '?' : `\\${code.toString(8).padStart(3, '0')}`;
    }
  }
  return `(${out})`;
}

export function makePdf(title: string, lines: readonly string[]): string {
  let stream = `BT /F1 18 Tf 56 780 Td ${pdfString(title)} Tj ET\n`;
  stream += `0.894 0 0.169 RG 4 w 56 766 m 539 766 l S\n`;
  let y = 736;
  for (const line of lines) {
    stream += `BT /F2 11 Tf 56 ${y} Td ${pdfString(line)} Tj ET\n`;
    y -= 18;
  }
  stream += `BT /F2 8 Tf 56 40 Td ${pdfString('Fédération française de rugby – Service de presse – presse@ffr.fr')} Tj ET\n`;

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}endstream`,
    `<< /Title ${pdfString(title)} /Producer (FFR Presse) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}
