-- The network address each device code was asked for from, for a limit per address: anyone who
-- names a public client may ask, and each answer is a row kept for a day after it expires.
-- Codes asked for before this column existed have none, and count for no address.
ALTER TABLE device_codes ADD COLUMN requested_from text;
CREATE INDEX device_codes_by_address ON device_codes (requested_from, created_at);
