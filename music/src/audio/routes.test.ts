import { beforeAll, expect, it } from 'vitest';
import { SqlCatalogStore } from '../catalog/store';
import { describeService } from '../v1/__fixtures__/service';
import { encodeChunk } from './mp3-encode';
import { chunkOffset, DECODER_DELAY, ENCODER_DELAY, FRAME_SAMPLES, MP3_SAMPLE_RATE, mp3Layout } from './mp3-format';
import { episodeSpec } from './routes';
import { previewSpec, specFromFeatures, type AudioSpec } from './synth';

await describeService(
  'audio',
  (service) => {
    let track: { id: string; spec: AudioSpec };
    let episode: { id: string; durationMs: number };
    let preview: Buffer;

    beforeAll(async () => {
      const tracks = await service.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 1');
      const id = tracks.rows[0]?.id ?? '';
      const episodes = await service.db.query<{ id: string; duration_ms: number }>(
        'SELECT id, duration_ms FROM episodes ORDER BY id LIMIT 1',
      );
      const features = (await new SqlCatalogStore(service.db).audioFeatures([id])).get(id);
      if (!features) throw new Error('The catalog has no track.');
      track = { id, spec: specFromFeatures(features) };
      episode = { id: episodes.rows[0]?.id ?? '', durationMs: episodes.rows[0]?.duration_ms ?? 0 };
    });

    it('serves every track in full as MP3, as long as the track, without rendering for HEAD', async () => {
      const response = await fetch(`${service.url}/audio/${track.id}/full.mp3`, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      const layout = mp3Layout(track.spec);
      expect(Number(response.headers.get('content-length'))).toBe(layout.size);
      // What a player plays once it trims the delays and the padding the Info frame declares.
      const played = layout.frames * FRAME_SAMPLES - ENCODER_DELAY - DECODER_DELAY - layout.padding;
      expect(Math.abs((played / MP3_SAMPLE_RATE) * 1000 - track.spec.durationMs)).toBeLessThan(1);
    });

    it('serves episodes in full and as a preview', async () => {
      const full = await fetch(`${service.url}/audio/episode/${episode.id}/full.mp3`, { method: 'HEAD' });
      expect(full.status).toBe(200);
      expect(Number(full.headers.get('content-length'))).toBe(
        mp3Layout(episodeSpec(episode.id, episode.durationMs)).size,
      );
      const part = await fetch(`${service.url}/audio/episode/${episode.id}/preview.mp3`, { method: 'HEAD' });
      expect(Number(part.headers.get('content-length'))).toBe(
        mp3Layout(previewSpec(episodeSpec(episode.id, episode.durationMs))).size,
      );
    });

    it('redirects the WAV addresses of earlier versions to the MP3 files for good', async () => {
      for (const path of [`/audio/${track.id}/preview.wav`, `/audio/episode/${episode.id}/full.wav`]) {
        const moved = await fetch(`${service.url}${path}`, { method: 'HEAD', redirect: 'manual' });
        expect(moved.status, path).toBe(308);
        expect(moved.headers.get('access-control-allow-origin')).toBe('*');
        expect(new URL(moved.headers.get('location') ?? '', `${service.url}${path}`).pathname).toBe(
          path.replace(/\.wav$/, '.mp3'),
        );
      }
    });

    it('refuses bad and unknown ids with the API error body', async () => {
      const bad = await fetch(`${service.url}/audio/not-an-id!/full.mp3`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: { status: 400 } });
      expect((await fetch(`${service.url}/audio/not-an-id!/full.wav`)).status).toBe(400);
      const unknown = await fetch(`${service.url}/audio/${'Z'.repeat(22)}/full.mp3`);
      expect(unknown.status).toBe(404);
      expect((await fetch(`${service.url}/audio/episode/${'Z'.repeat(22)}/preview.mp3`)).status).toBe(404);
      expect((await fetch(`${service.url}/audio/${track.id}/other.mp3`)).status).toBe(404);
    });

    // What is rendered, and how its bytes are ranged, does not depend on the store: it is rendered on one engine only,
    // as the MP3 encoder's processor time is most of this file's. The statements behind it run on both, in the tests
    // around.
    if (service.engine === 'pglite') {
      it('serves the preview that preview_url names: a 30-second MP3 file', async () => {
        const { call } = await service.listener([]);
        const object = await call('GET', `/tracks/${track.id}`);
        const previewUrl = String(object.body.preview_url);
        expect(previewUrl).toBe(`${service.config.publicUrl}/audio/${track.id}/preview.mp3`);
        const response = await fetch(previewUrl.replace(service.config.publicUrl, service.url));
        expect(response.status).toBe(200);
        preview = Buffer.from(await response.arrayBuffer());
        expect(preview.length).toBe(mp3Layout(previewSpec(track.spec)).size);
        expect([...preview.subarray(0, 4)]).toEqual([0xff, 0xf3, 0x84, 0xc4]);
        expect(preview.toString('latin1', 13, 17)).toBe('Info');
      }, 120_000);

      it('answers byte ranges, across chunks too, with exactly the bytes of the whole file', async () => {
        const url = `${service.url}/audio/${track.id}/preview.mp3`;
        for (const [start, end] of [
          [0, 1],
          [100, 50_000],
          [49_000, 100_000],
          [preview.length - 1000, preview.length - 1],
        ] as const) {
          const part = await fetch(url, { headers: { range: `bytes=${start}-${end}` } });
          expect(part.status).toBe(206);
          expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${preview.length}`);
          expect(
            Buffer.from(await part.arrayBuffer()).equals(preview.subarray(start, end + 1)),
            `${start}-${end}`,
          ).toBe(true);
        }
        // A range of a file nothing has rendered yet, across two chunks: the bytes of those chunks of the file.
        const start = chunkOffset(3) - 1000;
        const end = chunkOffset(3) + 999;
        const cold = await fetch(`${service.url}/audio/${track.id}/full.mp3`, {
          headers: { range: `bytes=${start}-${end}` },
        });
        expect(cold.status).toBe(206);
        const chunks = Buffer.concat([encodeChunk(track.spec, 2), encodeChunk(track.spec, 3)]);
        expect(
          Buffer.from(await cold.arrayBuffer()).equals(
            chunks.subarray(start - chunkOffset(2), end + 1 - chunkOffset(2)),
          ),
        ).toBe(true);

        const past = await fetch(url, { headers: { range: `bytes=${preview.length + 10}-` } });
        expect(past.status).toBe(416);
        expect(past.headers.get('content-range')).toBe(`bytes */${preview.length}`);
        const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag') ?? '';
        expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
      }, 120_000);

      it('answers an earlier WAV address, followed, with the MP3 bytes', async () => {
        const followed = await fetch(`${service.url}/audio/${track.id}/preview.wav`, {
          headers: { range: 'bytes=0-191' },
        });
        expect(followed.status).toBe(206);
        expect(followed.headers.get('content-type')).toBe('audio/mpeg');
        expect(Buffer.from(await followed.arrayBuffer()).equals(preview.subarray(0, 192))).toBe(true);
      });
    }
  },
  // One render thread: the tests render a little, and the machine is shared.
  { env: { MUSIC_AUDIO_WORKERS: '1' } },
);
