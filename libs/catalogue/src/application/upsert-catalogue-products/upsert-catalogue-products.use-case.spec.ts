import { CatalogueProduct } from '../../domain/catalogue-product';
import { ValidationError } from '@lgw/kernel';
import { CatalogueRepositoryPort } from '../ports/catalogue.repository.port';
import { UpsertCatalogueProductsUseCase } from './upsert-catalogue-products.use-case';

function setup() {
  const written: CatalogueProduct[][] = [];
  const repo = {
    upsert: async (_team: string, products: readonly CatalogueProduct[]) => {
      written.push([...products]);
      return { created: products.length, updated: 0 };
    },
  } as unknown as CatalogueRepositoryPort;
  return { written, useCase: new UpsertCatalogueProductsUseCase(repo, { now: () => new Date() }) };
}

describe('UpsertCatalogueProductsUseCase', () => {
  it('names the later of two items with the same sku and writes nothing', async () => {
    const { written, useCase } = setup();
    const error = await useCase.execute({ teamId: 't', products: [{ sku: 'A' }, { sku: 'B' }, { sku: 'A' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.details).toEqual({
      field: 'products.2.sku',
      reason: 'duplicates products.0.sku in the same request',
      reason_ar: 'يكرر products.0.sku في الطلب نفسه',
    });
    expect(written).toEqual([]);
  });

  it('stores "not given" one way: empty text is null, countries upper-case', async () => {
    const { written, useCase } = setup();
    await useCase.execute({ teamId: 't', products: [{ sku: 'A', name_en: '  ', hs_code: ' 080410 ', origin_country: 'sa' }] });
    expect(written[0][0]).toEqual({
      sku: 'A',
      name_en: null,
      name_ar: null,
      hs_code: '080410',
      weight_kg: null,
      length_cm: null,
      width_cm: null,
      height_cm: null,
      origin_country: 'SA',
      value_sar: null,
    });
  });
});
