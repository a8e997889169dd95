import 'reflect-metadata';
import { createServer } from 'node:http';
import { Body, Controller, createApp, File, MultiPartParser, Post, type UploadedFile } from '../../src';
import { serve, timed } from './serve';

/** A 1 MiB upload streamed to a temporary file (removed when the response ends), and a field. */
@Controller('/upload', { parsers: [MultiPartParser()] })
class Uploads {
  @Post('', 'upload')
  upload(@Body() fields: { title: string }, @File('file', { required: true }) file: UploadedFile) {
    return { title: fields.title, size: file.size };
  }
}

const { value: app, buildMs } = timed(() => createApp({ routes: [Uploads] }));
serve(createServer(app.callback()), buildMs);
