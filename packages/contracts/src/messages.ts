/** Spanish messages shared by the server and the web client (spec texts, verbatim where the spec has one). */
export const MESSAGES = {
  fillAllFields: 'Por favor, completa todos los campos',
  invalidCredentials: 'Correo electrónico o contraseña incorrectos',
  inactiveAccount:
    'Tu cuenta aún no está activa. Un administrador debe concederte acceso antes de que puedas iniciar sesión.',
  tooManyAttempts: 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.',
  notAuthenticated: 'No hay sesión activa. Por favor, inicia sesión.',
  forbidden: 'No tienes permiso para realizar esta acción',
  csrf: 'Solicitud rechazada: falta la cabecera de seguridad',
  notFound: 'Recurso no encontrado',
  invalidRequest: 'La solicitud no es válida',
  unknownQueryParameter: 'La solicitud lleva parámetros que no se admiten',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  payloadTooLarge: 'La solicitud es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  internal: 'Error interno del servidor. Inténtalo de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  serverResponse: 'Error en la respuesta del servidor',
  loginFailed: 'Error al iniciar sesión',
  invalidServerResponse: 'Respuesta inválida del servidor',
  invalidUserData: 'Datos de usuario inválidos',
  network: 'No se pudo conectar con el servidor. Comprueba tu conexión.',
} as const;

/** An object of a request carries keys the contract does not define (every object the API accepts is strict). */
export const unknownFieldsMessage = (keys: readonly string[]): string =>
  keys.length === 1 ? `Campo no permitido: ${keys[0]}` : `Campos no permitidos: ${keys.join(', ')}`;
