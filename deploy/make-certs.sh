#!/bin/sh
# Makes the TLS certificates of the scaled deployment (docker-compose.yml) in $CERT_DIR, once:
# a private certificate authority, and one certificate for the proxy that names the app's host
# ($APP_HOST) and the music service's public host ($MUSIC_PUBLIC_HOST). The api instances trust
# the authority (NODE_EXTRA_CA_CERTS), so they reach the music service over verified https.
# Certificates already in $CERT_DIR (your own, from a real authority) are kept as they are.
set -eu

dir="${CERT_DIR:-/certs}"
app_host="${APP_HOST:-localhost}"
music_host="${MUSIC_PUBLIC_HOST:-music.localhost}"

if [ -s "$dir/server.crt" ] && [ -s "$dir/server.key" ] && [ -s "$dir/ca.crt" ]; then
  echo "make-certs: certificates present in $dir, kept"
  exit 0
fi

umask 077
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The authority signs this one certificate and its key is then thrown away: nothing else can be signed with it.
openssl req -x509 -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -sha256 -days 825 \
  -subj "/CN=Graphonic deployment CA" \
  -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
  -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -keyout "$work/ca.key" -out "$work/ca.crt"

openssl req -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -sha256 -subj "/CN=$app_host" \
  -keyout "$work/server.key" -out "$work/server.csr"

cat > "$work/server.ext" <<EXT
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=DNS:$app_host,DNS:$music_host,IP:127.0.0.1
EXT

openssl x509 -req -sha256 -days 397 -in "$work/server.csr" \
  -CA "$work/ca.crt" -CAkey "$work/ca.key" -CAcreateserial \
  -extfile "$work/server.ext" -out "$work/server.crt"

mkdir -p "$dir"
cp "$work/ca.crt" "$work/server.crt" "$work/server.key" "$dir/"
# Certificates are public; the key is read by the proxy's master process (root) only.
chmod 644 "$dir/ca.crt" "$dir/server.crt"
chmod 600 "$dir/server.key"
echo "make-certs: made a certificate for $app_host and $music_host in $dir (trust $dir/ca.crt in your browser)"
