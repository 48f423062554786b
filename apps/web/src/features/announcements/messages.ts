/** The Spanish messages of the Comunicados screens when an answer carries none of its own. */
export const MESSAGES = {
  load: 'No se pudieron cargar los comunicados',
  save: 'No se pudo guardar el comunicado',
  reach: 'No se pudo calcular a cuántos miembros llega',
  preview: 'No se pudo preparar la vista previa',
  test: 'No se pudo enviar la prueba',
  publish: 'No se pudo publicar el comunicado',
  control: 'No se pudo cambiar el envío',
  choice: 'No se pudo guardar tu preferencia',
  unsubscribe: 'No se pudo completar la baja',
} as const;
