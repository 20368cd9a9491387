import { beforeAll, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';
import { episodeSpec } from './routes';
import { previewSpec, SAMPLE_RATE, WAV_HEADER_BYTES, wavByteLength } from './synth';

await describeService('audio', (service) => {
  let track: { id: string; durationMs: number };
  let episode: { id: string; durationMs: number };

  beforeAll(async () => {
    const tracks = await service.db.query<{ id: string; duration_ms: number }>(
      'SELECT id, duration_ms FROM tracks ORDER BY id LIMIT 1',
    );
    const episodes = await service.db.query<{ id: string; duration_ms: number }>(
      'SELECT id, duration_ms FROM episodes ORDER BY id LIMIT 1',
    );
    track = { id: tracks.rows[0]?.id ?? '', durationMs: tracks.rows[0]?.duration_ms ?? 0 };
    episode = { id: episodes.rows[0]?.id ?? '', durationMs: episodes.rows[0]?.duration_ms ?? 0 };
  });

  it('serves every track in full, as long as the track', async () => {
    const response = await fetch(`${service.url}/audio/${track.id}/full.wav`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const samples = (Number(response.headers.get('content-length')) - WAV_HEADER_BYTES) / 2;
    expect(Math.abs((samples / SAMPLE_RATE) * 1000 - track.durationMs)).toBeLessThan(1);
  });

  it('serves the preview that preview_url names: a 30-second WAV file', async () => {
    const { call } = await service.listener([]);
    const object = await call('GET', `/tracks/${track.id}`);
    const previewUrl = String(object.body.preview_url);
    expect(previewUrl).toBe(`${service.config.publicUrl}/audio/${track.id}/preview.wav`);
    const response = await fetch(previewUrl.replace(service.config.publicUrl, service.url));
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(body.subarray(8, 12).toString('ascii')).toBe('WAVE');
    const expected = Math.min(track.durationMs, 30_000);
    expect(Math.abs(((body.length - WAV_HEADER_BYTES) / 2 / SAMPLE_RATE) * 1000 - expected)).toBeLessThan(1);
  });

  it('answers byte ranges for seeking, and the bytes agree with the whole file', async () => {
    const url = `${service.url}/audio/${track.id}/preview.wav`;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(1000, 2000))).toBe(true);
    const past = await fetch(url, { headers: { range: `bytes=${whole.length + 10}-` } });
    expect(past.status).toBe(416);
    const etag = part.headers.get('etag') ?? '';
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves episodes in full and as a preview', async () => {
    const full = await fetch(`${service.url}/audio/episode/${episode.id}/full.wav`, { method: 'HEAD' });
    expect(full.status).toBe(200);
    expect(Number(full.headers.get('content-length'))).toBe(wavByteLength(episodeSpec(episode.id, episode.durationMs)));
    const preview = await fetch(`${service.url}/audio/episode/${episode.id}/preview.wav`, { method: 'HEAD' });
    expect(Number(preview.headers.get('content-length'))).toBe(
      wavByteLength(previewSpec(episodeSpec(episode.id, episode.durationMs))),
    );
  });

  it('refuses bad and unknown ids with the API error body', async () => {
    const bad = await fetch(`${service.url}/audio/not-an-id!/full.wav`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { status: 400 } });
    const unknown = await fetch(`${service.url}/audio/${'Z'.repeat(22)}/full.wav`);
    expect(unknown.status).toBe(404);
    expect((await fetch(`${service.url}/audio/episode/${'Z'.repeat(22)}/preview.wav`)).status).toBe(404);
    expect((await fetch(`${service.url}/audio/${track.id}/other.mp3`)).status).toBe(404);
  });
});
