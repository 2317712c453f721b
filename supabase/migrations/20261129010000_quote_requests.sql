-- Leads from the quote form (forms/quote/: a landing page's short request, through the function
-- submit-quote): a name and a phone number or an e-mail address, the service and the city the page
-- presets, an optional message. Runs unchanged on Supabase Postgres and on PGlite.
--
-- It creates nothing new in public (a column of a table the API roles already reach nothing of, and
-- constraints), so there is nothing to revoke.

-- Which answers a lead must have is its form's schema's rule (the contact form requires an e-mail
-- address and a message, the quote form a phone number or an e-mail address); the table keeps
-- what every lead has: a way to reply.
alter table leads alter column email drop not null;
alter table leads alter column message drop not null;
alter table leads add constraint leads_phone_or_email check (phone is not null or email is not null);

-- The city the lead needs the service in (preset by a city page).
alter table leads add column city text check (length(city) between 1 and 100 and city !~ '[[:cntrl:]]');
