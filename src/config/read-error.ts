/** The error for a config file docsgen cannot read, by the system's code: said alike before a build starts and when it reads the file. */
import { DocsgenError } from '../errors.ts';

const READ_HINTS: Record<string, string> = {
  ENOENT: 'pass the right path with --config, or create config.yaml in the project folder',
  EISDIR: 'this is a folder: pass the config file itself with --config',
  EACCES: 'give the user running docsgen read access to the file',
  EPERM: 'give the user running docsgen read access to the file',
};

export function configReadError(file: string, code: string): DocsgenError {
  return new DocsgenError(`cannot read the config file (${code})`, { position: { file }, hint: READ_HINTS[code] ?? READ_HINTS.ENOENT });
}
