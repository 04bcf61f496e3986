-- Placeholder: number 011 belongs to another branch of this round (issue 38's service branch was given 012,
-- and migrations are numbered without gaps). Delete this file when that branch's 011 is merged.
select 1;
