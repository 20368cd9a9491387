-- Presence: a device a client registered (POST /v1/me/player/devices) lapses when it has not been
-- seen for MUSIC_DEVICE_TTL_MS; a device from anywhere else never does. `last_seen_at` says when
-- it was last seen, on the service's clock.
ALTER TABLE devices ADD COLUMN registered_by_client boolean NOT NULL DEFAULT false;

-- Every device so far came from that endpoint: those clients keep them alive, or register again.
UPDATE devices SET registered_by_client = true;
