-- The language the lead was written in (site.yaml's locale code, e.g. es for the Spanish
-- site), carried by the submission: the team replies in it. Older rows have none.
alter table leads add column locale text check (locale ~ '^[a-z]{2}$');
