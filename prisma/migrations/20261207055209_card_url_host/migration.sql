-- Hand-written (not modelled by Prisma): the host of a card's website, lower-cased and without
-- "www." (the expression of server/domain/cards/lookup.ts, written as it is there), so that a bulk
-- lookup by domain or URL is one index probe per identifier.
CREATE INDEX "vm_card_url_host" ON "card" ((substring(lower("url") from '^(?:[a-z][a-z0-9+.-]*://)?(?:www\.)?([^/:?#]+)')));
