import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { GetCatalogueProductUseCase } from '../application/get-catalogue-product/get-catalogue-product.use-case';
import { ListCatalogueProductsUseCase } from '../application/list-catalogue-products/list-catalogue-products.use-case';
import { MAX_CATALOGUE_UPSERT } from '../application/upsert-catalogue-products/upsert-catalogue-products.command';
import { Principal } from '@lgw/kernel';
import { UpsertCatalogueProductsUseCase } from '../application/upsert-catalogue-products/upsert-catalogue-products.use-case';
import { UpsertCatalogueRequestDto } from './dto/catalogue-product.request.dto';
import { CatalogueListResponseDto, CatalogueProductDto, CatalogueUpsertResponseDto } from './dto/catalogue.response.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('api/v1/catalogue/products')
export class CatalogueHttpController {
  constructor(
    private readonly upsertProducts: UpsertCatalogueProductsUseCase,
    private readonly listProducts: ListCatalogueProductsUseCase,
    private readonly getProduct: GetCatalogueProductUseCase,
  ) {}

  @Put()
  @ApiOperation({
    summary: `Inserts or replaces up to ${MAX_CATALOGUE_UPSERT} products by sku, all or nothing`,
    description:
      'A product is replaced whole: a field left out is cleared. A refused item is named by index and field ' +
      '(details.field = "products.12.weight_kg"). Incomplete products are accepted: POST /data-readiness reports them.',
  })
  @ApiOkResponse({ type: CatalogueUpsertResponseDto })
  @ApiErrorResponses({
    413: 'E_PAYLOAD_TOO_LARGE (body over 16 MB)',
    422: 'E_VALIDATION {field, reason}',
    503: 'E_SERVICE_UNAVAILABLE (Retry-After)',
  })
  upsert(@CurrentPrincipal() principal: Principal, @Body() body: UpsertCatalogueRequestDto): Promise<CatalogueUpsertResponseDto> {
    return this.upsertProducts.execute({ teamId: principal.teamId, products: body.products });
  }

  @Get()
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: CatalogueListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (limit, offset)' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<CatalogueListResponseDto> {
    return this.listProducts.execute({ teamId: principal.teamId, limit, offset });
  }

  @Get(':sku')
  @ApiOkResponse({ type: CatalogueProductDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  get(@CurrentPrincipal() principal: Principal, @Param('sku') sku: string): Promise<CatalogueProductDto> {
    return this.getProduct.execute({ teamId: principal.teamId, sku });
  }
}
