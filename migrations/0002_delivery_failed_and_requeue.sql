-- Press alerts, second step (issue 49): a delivery that ran out of tries ends 'failed' (counted,
-- alerted), instead of staying 'queued' for ever; and the queued rows a lost message left behind
-- are found by age without reading the table. SQLite cannot change a CHECK constraint in place:
-- the table is rebuilt (https://www.sqlite.org/lang_altertable.html, « other kinds of table schema
-- changes »), rows and indexes as they were.
CREATE TABLE deliveries_new (
  item TEXT NOT NULL,
  subscriber_id TEXT NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
  -- 'failed': the Queue gave up on it (dead-letter queue) after its five tries.
  state TEXT NOT NULL CHECK (state IN ('queued', 'digest', 'sending', 'sent', 'refused', 'failed')),
  via_digest INTEGER NOT NULL DEFAULT 0,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  claimed_by TEXT,
  claimed_at INTEGER,
  sent_at INTEGER,
  PRIMARY KEY (item, subscriber_id)
) WITHOUT ROWID;
INSERT INTO deliveries_new (item, subscriber_id, state, via_digest, reason, created_at, claimed_by, claimed_at, sent_at)
  SELECT item, subscriber_id, state, via_digest, reason, created_at, claimed_by, claimed_at, sent_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_by_subscriber ON deliveries (subscriber_id);
CREATE INDEX deliveries_digest ON deliveries (subscriber_id) WHERE state = 'digest';
CREATE INDEX deliveries_sending ON deliveries (claimed_at) WHERE state = 'sending';
-- Immediate deliveries still waiting an hour after their fan-out: their message was lost.
CREATE INDEX deliveries_queued ON deliveries (created_at) WHERE state = 'queued';
