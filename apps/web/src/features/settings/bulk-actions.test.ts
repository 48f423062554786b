import { describe, expect, it } from 'vitest';
import { bulkDone, bulkQuestion } from './bulk-actions';

describe('bulk action texts', () => {
  it('state the count in the confirmation', () => {
    expect(bulkQuestion('activate', 3)).toBe('¿Activar 3 cuentas?');
    expect(bulkQuestion('activate', 1)).toBe('¿Activar 1 cuenta?');
    expect(bulkQuestion('delete', 2)).toBe('¿Eliminar 2 cuentas? Esta acción no se puede deshacer.');
    expect(bulkQuestion('set_role', 5)).toBe('¿Cambiar el rol de 5 cuentas?');
  });

  it('report what the server changed', () => {
    expect(bulkDone('activate', 2)).toBe('2 cuentas activadas');
    expect(bulkDone('deactivate', 1)).toBe('1 cuenta desactivada');
    expect(bulkDone('set_role', 4)).toBe('4 cuentas con el rol cambiado');
  });
});
