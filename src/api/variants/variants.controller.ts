import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ProblemResponses } from '../../http/problem-responses';
import { VariantsService } from './variants.service';
import { VariantView } from './variant.views';

const CACHEABLE = 'public, max-age=3600';

@ApiTags('variants')
@Controller('v1/variants')
export class VariantsController {
  constructor(private readonly variants: VariantsService) {}

  @Get()
  @Header('Cache-Control', CACHEABLE)
  @ApiOperation({ operationId: 'listVariants', summary: 'Every built-in variant and how it works' })
  @ApiOkResponse({ type: [VariantView], description: 'Every built-in variant' })
  list(): VariantView[] {
    return this.variants.list();
  }

  @Get(':id')
  @Header('Cache-Control', CACHEABLE)
  @ApiOperation({ operationId: 'getVariant', summary: 'One variant' })
  @ApiParam({ name: 'id', description: 'Variant id', example: 'copenhagen' })
  @ApiOkResponse({ type: VariantView, description: 'The variant' })
  @ProblemResponses(404)
  get(@Param('id') id: string): VariantView {
    return this.variants.get(id);
  }
}
