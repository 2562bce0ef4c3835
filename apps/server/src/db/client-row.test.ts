import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClientDataCrypto } from '../lib/client-data-crypto.ts';
import { clientDerivedColumns, clientRowValues } from './client-row.ts';

const clientCrypto = createClientDataCrypto(crypto.randomBytes(32));
const complete = {
  first_name: 'Zoé',
  middle_name: 'Marie',
  last_name: 'Tremblay',
  email: 'Zoe.T@example.ca',
  phone: '(807) 555-0142',
  citizenship: 'Canadian citizen',
  disability: 'No',
  highest_education: 'None',
  indigenous: 'No',
};

describe('client derived columns', () => {
  it("computes the flag, the search text, the name key and the duplicate finder's forms", () => {
    expect(clientDerivedColumns(complete, clientCrypto)).toEqual({
      missingInfo: false,
      searchText: 'zoe marie tremblay zoe.t@example.ca 8075550142',
      nameKey: 'zoe tremblay',
      matchGiven: 'zoe',
      matchFirst: 'zoe',
      matchFamily: 'tremblay',
      matchPhone: '8075550142',
    });
  });

  it('flags missing answers, including the reserve of an Indigenous client', () => {
    expect(clientDerivedColumns({ ...complete, highest_education: null }, clientCrypto).missingInfo).toBe(
      true,
    );
    expect(clientDerivedColumns({ ...complete, indigenous: 'Yes' }, clientCrypto).missingInfo).toBe(true);
    expect(
      clientDerivedColumns({ ...complete, indigenous: 'Yes', reserve: 'Off reserve' }, clientCrypto)
        .missingInfo,
    ).toBe(false);
  });

  it('stores a SIN encrypted, with a keyed hash and its last three digits', () => {
    const cols = clientDerivedColumns({ ...complete, sin: '046454286' }, clientCrypto);
    expect(cols.sinEncrypted).not.toContain('046454286');
    expect(clientCrypto.decrypt(cols.sinEncrypted!)).toBe('046454286');
    expect(cols.sinHash).toBe(clientCrypto.hash('046454286'));
    expect(cols.sinLast3).toBe('286');
  });

  it('clears the SIN columns for null and leaves them out when the SIN is not given', () => {
    expect(clientDerivedColumns({ ...complete, sin: null }, clientCrypto)).toMatchObject({
      sinEncrypted: null,
      sinHash: null,
      sinLast3: null,
    });
    expect(Object.keys(clientDerivedColumns(complete, clientCrypto))).not.toContain('sinHash');
  });
});

describe('client row values', () => {
  it('writes each body field under its column, with the derived columns', () => {
    expect(
      clientRowValues(
        { ...complete, postal_code: 'P7B1A1', number_dependents: 2, consent: true },
        clientCrypto,
      ),
    ).toEqual({
      firstName: 'Zoé',
      middleName: 'Marie',
      lastName: 'Tremblay',
      email: 'Zoe.T@example.ca',
      phone: '(807) 555-0142',
      citizenship: 'Canadian citizen',
      disability: 'No',
      highestEducation: 'None',
      indigenous: 'No',
      postalCode: 'P7B1A1',
      numberDependents: 2,
      consent: true,
      missingInfo: false,
      searchText: 'zoe marie tremblay zoe.t@example.ca 8075550142',
      nameKey: 'zoe tremblay',
      matchGiven: 'zoe',
      matchFirst: 'zoe',
      matchFamily: 'tremblay',
      matchPhone: '8075550142',
    });
  });

  it('keeps the SIN in clear out of the row, and writes no column a body cannot name', () => {
    const values = clientRowValues(
      { ...complete, sin: '046454286', sin_encrypted: 'x', missing_info: true, created_by: 1 },
      clientCrypto,
    );
    expect(JSON.stringify(values)).not.toContain('046454286');
    expect(Object.keys(values)).not.toContain('sin');
    expect(values).not.toHaveProperty('createdBy');
    expect(values.missingInfo).toBe(false);
    expect(clientCrypto.decrypt(values.sinEncrypted!)).toBe('046454286');
  });
});
