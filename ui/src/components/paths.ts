// Paths as the gateway's /file and /tree know them: relative to the memory root ("accounts/...").
// Answers may cite them with the memory root's folder name in front ("mem/accounts/...").
export function memoryPath(path: string): string {
  const trimmed = path.trim().replace(/^\/+/, '');
  const at = trimmed.indexOf('accounts/');
  return at >= 0 ? trimmed.slice(at) : trimmed;
}

export function fileName(path: string): string {
  const parts = memoryPath(path).split('/');
  return parts.slice(-2).join('/');
}
