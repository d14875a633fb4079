// Stand-in for the runtime-only module `cloudflare:sockets` (the press alerts' SMTP client,
// src/upstream/smtp.server.ts), for bundles run in plain Node: the benches never send mail, so a
// socket asked for is an error that says so.
export function connect() {
  throw new Error('cloudflare:sockets n’existe pas hors de workerd (les bancs n’envoient pas de mail)');
}
