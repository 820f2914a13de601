-- A sent email's bodies are blanked when it is sent (since b94bb22), so neither the database nor a backup holds a live
-- reset or confirmation link; this blanks those an older version kept. Recipient, subject, state and times stay.
UPDATE "mail_queue" SET "text_body" = '', "html_body" = '' WHERE "status" = 'sent' AND ("text_body" <> '' OR "html_body" <> '');
