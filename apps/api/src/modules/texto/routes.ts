import { generateTexto, getTextoConfig, getTextoReady, saveTextoConfig } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { sendGeneration } from '../../lib/generation';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { TextoService } from './service';

export function textoRoutes(app: FastifyInstance, texto: TextoService): void {
  route(app, getTextoConfig, access.admin, () => texto.getConfig());

  route(app, getTextoReady, access.tool('texto'), async () => ({ configured: await texto.ready() }));
  route(app, saveTextoConfig, access.admin, ({ body, user }) => texto.saveConfig(body, actorOf(user)));

  route(
    app,
    generateTexto,
    access.tool('texto'),
    ({ body, user, request, reply }) =>
      sendGeneration(request, reply, (signal) => texto.generate(user.id, body, signal)) as never,
  );
}
