/**
 * Why the server could not listen, said as a user error: a port in use, one that needs privileges,
 * or a host that is not an address of this machine are not docsgen bugs, and each has a remedy.
 */
import { DocsgenError } from '../errors.ts';

const EVERY_HOST = 'use 127.0.0.1 (this machine only), 0.0.0.0 (every network interface) or an address of this machine with --host';

export function listenError(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const make = (message: string, hint: string) => new DocsgenError(message, { hint, cause: error });
  switch (code) {
    case 'EADDRINUSE':
      return make(`cannot serve on ${where}: another program is listening on port ${port}`, 'choose another port with --port, or stop the program that uses it');
    case 'EACCES':
      return make(`cannot serve on ${where}: this user may not listen on port ${port}`, 'ports below 1024 need privileges: choose --port 3000 or another port from 1024 up');
    case 'EADDRNOTAVAIL':
      return make(`cannot serve on ${where}: ${host} is not an address of this machine`, EVERY_HOST);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return make(`cannot serve on ${where}: the host name ${host} could not be resolved`, EVERY_HOST);
    default:
      return error;
  }
}
