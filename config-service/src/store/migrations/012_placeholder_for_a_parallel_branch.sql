-- Placeholder (branch i37-sync): migration 012 is another branch's of issue 37. Migrations are numbered
-- without gaps, so this branch's 014 needs it to exist here. Drop this file when merging.
select 1;
