-- Written by hand (objects named vm_*; the drift check ignores them). Collection reads at scale
-- (server/domain/rawdata/profiles.ts): both indexes let PostgreSQL answer from the index alone.

-- Pages in the default order (created_at desc, id desc): the page's ids are found by an
-- index-only scan that also evaluates the usual collection criteria (country, classification,
-- path) without visiting the table; only the rows of the page are then read.
CREATE INDEX IF NOT EXISTS vm_profile_created_cover ON profile (created_at DESC, id DESC) INCLUDE (country, classification, path);

-- pagination.total of a collection defined by countries (and classification, path): an
-- index-only count instead of visiting every member row.
CREATE INDEX IF NOT EXISTS vm_profile_country_classification ON profile (country, classification) INCLUDE (path);
