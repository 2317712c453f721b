-- The page a lead was sent from (its path, e.g. /miami-security-services), carried by the
-- submission itself: the Referer header is cut to the origin when the functions are on
-- another host. Older rows and older pages have none.
alter table leads add column page text check (page ~ '^/[a-z0-9/-]*$' and length(page) <= 200);
