-- Module screen bundles (issue 28): the files a module team's build leaves, uploaded once per module and
-- version and never changed (decision 0056). Every replica serves them from here, so none needs a disk of its own.
create table module_bundles (
  module_key text not null check (module_key ~ '^[a-z][a-z0-9]{1,15}$'),
  version text not null check (length(version) between 5 and 64),
  -- The SDK range the bundle's bundle.json declares: a release naming it is refused when the shell's SDK is outside.
  sdk_range text not null check (length(sdk_range) between 1 and 200),
  -- sha384 over every path and file digest, in path order: the same files are the same bundle, whatever tar carried them.
  digest text not null,
  -- The upload is its own audit entry: rows are only ever inserted.
  uploaded_by_sub text not null,
  uploaded_by_email text not null,
  uploaded_at timestamptz not null default now(),
  primary key (module_key, version)
);

create table module_bundle_files (
  module_key text not null,
  version text not null,
  path text not null check (length(path) between 1 and 200),
  content bytea not null,
  content_type text not null,
  bytes integer not null check (bytes >= 0),
  integrity text not null check (integrity ~ '^sha384-[A-Za-z0-9+/]{64}$'),
  primary key (module_key, version, path),
  foreign key (module_key, version) references module_bundles (module_key, version)
);
