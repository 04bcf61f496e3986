-- Each user change's outcome (issue 37). The entry is written as pending before the identity provider is
-- called and settled after, so no transaction stays open across the call: done when the provider made the
-- change, failed when it refused it or did not answer, refused when the platform itself refused it (an
-- administrator changing their own rights). Pending that stays pending is a call whose end nobody saw
-- (the service stopped during it): the operator checks the user at the provider. Earlier entries were
-- committed only when the change was made.
alter table user_audit add column outcome text not null default 'done' check (outcome in ('pending', 'done', 'failed', 'refused'));
