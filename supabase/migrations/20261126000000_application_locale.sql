-- The language the job application was written in (site.yaml's locale code, e.g. es for the
-- Spanish site), carried by the submission: the team replies in it. Older rows have none.
alter table job_applications add column locale text check (locale ~ '^[a-z]{2}$');
