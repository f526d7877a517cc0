import { ApiProperty } from '@nestjs/swagger';

export class CatalogueProductDto {
  @ApiProperty() sku: string;
  @ApiProperty({ nullable: true, type: String }) name_en: string | null;
  @ApiProperty({ nullable: true, type: String }) name_ar: string | null;
  @ApiProperty({ nullable: true, type: String }) hs_code: string | null;
  @ApiProperty({ nullable: true, type: Number }) weight_kg: number | null;
  @ApiProperty({ nullable: true, type: Number }) length_cm: number | null;
  @ApiProperty({ nullable: true, type: Number }) width_cm: number | null;
  @ApiProperty({ nullable: true, type: Number }) height_cm: number | null;
  @ApiProperty({ nullable: true, type: String }) origin_country: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'SAR, two decimals' }) value_sar: number | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class CatalogueUpsertResponseDto {
  @ApiProperty({ description: 'products received' }) received: number;
  @ApiProperty({ description: 'new skus' }) created: number;
  @ApiProperty({ description: 'existing skus replaced' }) updated: number;
}

export class CatalogueListResponseDto {
  @ApiProperty({ type: [CatalogueProductDto], description: 'in sku order' }) products: readonly CatalogueProductDto[];
  @ApiProperty() total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}

export class ReadinessIssueDto {
  @ApiProperty() sku: string;
  @ApiProperty({ example: 'hs_code' }) field: string;
  @ApiProperty({ enum: ['error', 'warn'] }) severity: string;
  @ApiProperty() message_ar: string;
  @ApiProperty() message_en: string;
}

export class ReadinessSummaryDto {
  @ApiProperty({ description: 'SKUs whose hs_code is missing or not 6 to 10 digits' }) missing_hs_code: number;
  @ApiProperty() missing_weight: number;
  @ApiProperty({ description: 'SKUs missing at least one of length, width, height' }) missing_dimensions: number;
  @ApiProperty({ description: 'SKUs whose origin_country is missing or not ISO 3166-1 alpha-2' }) missing_origin_country: number;
  @ApiProperty({ description: 'SKUs with at least one implausible value' }) suspicious_values: number;
}

export class DataReadinessReportDto {
  @ApiProperty({ minimum: 0, maximum: 100, description: 'round(100 × passed checks / (5 × total_skus)); 0 for an empty catalogue' })
  score: number;
  @ApiProperty() total_skus: number;
  @ApiProperty({ type: [ReadinessIssueDto] }) issues: readonly ReadinessIssueDto[];
  @ApiProperty({ type: ReadinessSummaryDto }) summary: ReadinessSummaryDto;
}
