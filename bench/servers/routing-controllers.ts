import 'reflect-metadata';
import { createServer } from 'node:http';
import { createKoaServer, Get, JsonController, Param } from 'routing-controllers';
import { serve } from './serve';

@JsonController()
class UsersController {
  @Get('/users/:id')
  detail(@Param('id') id: string) {
    return { id };
  }
}

const app = createKoaServer({ controllers: [UsersController] });
serve(createServer(app.callback()));
