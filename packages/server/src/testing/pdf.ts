/** A minimal but well-formed PDF (the upload checks its cross-reference): a table and a trailer, offsets right. */
export function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let text = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((o, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) text += `${String(at).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A PDF 1.5 whose cross-reference is a stream object (no table, no trailer keyword). */
export function pdfXrefStream(): Buffer {
  let text = '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
  text += '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const xref = text.length;
  const data = '\x01\x00\x09\x00\x01\x00\x32\x00';
  text += `3 0 obj\n<< /Type /XRef /Size 4 /W [1 2 1] /DecodeParms << /Columns 4 >> /Root 1 0 R /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`;
  text += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}
