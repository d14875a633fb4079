-- The mail provider's signed events (issue 49, src/upstream/mailgun.server.ts): a bounce or a
-- complaint finds its subscribers by address, and each event's token is taken once (Mailgun's
-- signature covers the timestamp and the token, not the event: a token seen again is a replay).
CREATE INDEX subscribers_by_email ON subscribers (email COLLATE NOCASE);
CREATE TABLE mail_event_tokens (
  token TEXT PRIMARY KEY,
  seen_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX mail_event_tokens_by_age ON mail_event_tokens (seen_at);

-- The newest account notice taken for each account (issue 50): WP-Cron may deliver an older notice
-- after a newer one (a retry), and an older « status lost » must not undo a newer « kept ».
CREATE TABLE account_notices (
  account TEXT PRIMARY KEY,
  changed_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX account_notices_by_age ON account_notices (changed_at);
