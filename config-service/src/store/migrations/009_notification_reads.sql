-- The notifications each user has read (issue 35): the main backend keeps no read state, and a browser's
-- own record made another device show them unread again. Keyed by the verified token's sub, so a user's
-- devices share it and nobody else's marks touch it; the store keeps at most 1000 rows a user.
create table notification_reads (
  sub text not null check (length(sub) between 1 and 200),
  notification_id text not null check (length(notification_id) between 1 and 200),
  read_at timestamptz not null default now(),
  primary key (sub, notification_id)
);
create index notification_reads_newest on notification_reads (sub, read_at desc);
