-- Press alerts (docs/alerts.md): who follows what, and what was sent to whom.
-- Applied with `wrangler d1 migrations apply ALERTS_DB` (--local for npm start and the tests).

-- One row per journalist who follows something. `id` is random: it is what unsubscribe links carry,
-- so a link names nobody and guessing one opens nothing (it is also signed).
CREATE TABLE subscribers (
  id TEXT PRIMARY KEY,
  -- The identity provider's subject (user_prefs id_sso): the account the press office can change or delete.
  account TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL DEFAULT '',
  frequency TEXT NOT NULL CHECK (frequency IN ('immediate', 'digest')),
  -- Set when the provider refused the address for good: nothing is sent until the journalist saves again.
  suspended_at INTEGER,
  suspended_reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- 'category:<id>' (a team's category or another), 'accreditations', 'all'.
CREATE TABLE follows (
  subscriber_id TEXT NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
  topic TEXT NOT NULL,
  PRIMARY KEY (subscriber_id, topic)
) WITHOUT ROWID;
CREATE INDEX follows_by_topic ON follows (topic, subscriber_id);

-- What an alert shows of an item (title, standfirst, picture, link), kept once at fan-out so that
-- 10 000 sends and the morning digest never ask WordPress again. Deleted with the deliveries' purge.
CREATE TABLE items (
  item TEXT PRIMARY KEY,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- One row per (item, recipient): the key that makes a re-publish or a retried purge send nothing twice.
-- item: 'post:<id>', 'event:<id>' (accreditation opened), 'deadline:<id>' (48 h reminder).
-- state: 'queued' (to send at once), 'digest' (waits for the morning), 'sending' (taken by one
-- consumer, `claimed_by`, until `claimed_at` is 15 minutes old), 'sent', 'refused'.
CREATE TABLE deliveries (
  item TEXT NOT NULL,
  subscriber_id TEXT NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('queued', 'digest', 'sending', 'sent', 'refused')),
  -- 1 when it goes in the morning digest: where a released claim goes back to.
  via_digest INTEGER NOT NULL DEFAULT 0,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  claimed_by TEXT,
  claimed_at INTEGER,
  sent_at INTEGER,
  PRIMARY KEY (item, subscriber_id)
) WITHOUT ROWID;
-- A subscriber's deliveries (their digest, their suspension, their deletion's cascade); the
-- morning's list; the claims a dead consumer left: each found without reading the table.
CREATE INDEX deliveries_by_subscriber ON deliveries (subscriber_id);
CREATE INDEX deliveries_digest ON deliveries (subscriber_id) WHERE state = 'digest';
CREATE INDEX deliveries_sending ON deliveries (claimed_at) WHERE state = 'sending';
