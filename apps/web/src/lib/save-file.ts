/**
 * Saves text as a file the browser downloads (CSV exports, recovery codes, the verifier). The
 * address is released a moment later: revoking it at once can cancel the download in some browsers.
 */
export function saveFile(text: string, filename: string, type: 'text/csv' | 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
