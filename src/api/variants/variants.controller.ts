import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ProblemResponses } from '../../http/problem-responses';
import { VariantsService } from './variants.service';
import { ParsedVariantView, VariantSourceRequest, VariantView } from './variant.views';

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
  @ApiOperation({ operationId: 'getVariant', summary: 'One variant: a built-in or a registered custom one' })
  @ApiParam({ name: 'id', description: 'Variant id', example: 'copenhagen' })
  @ApiOkResponse({ type: VariantView, description: 'The variant' })
  @ProblemResponses(404, 503)
  get(@Param('id') id: string): Promise<VariantView> {
    return this.variants.get(id);
  }

  @Post('parse')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'parseVariant',
    summary: 'Validate an OpenTafl rules string or a definition (nothing is stored)',
    description: 'A key the engine cannot play is refused by name (UNSUPPORTED_OTN_KEY in errors[]); every problem is listed.',
  })
  @ApiOkResponse({ type: ParsedVariantView, description: 'The validated definition and its registry description' })
  @ProblemResponses(400)
  parse(@Body() body: VariantSourceRequest): ParsedVariantView {
    return this.variants.parse(body, body.name);
  }

  @Post()
  @ApiOperation({
    operationId: 'registerVariant',
    summary: 'Store a custom variant under its content-derived id (custom-<12 hex>; the same rules always get the same id)',
  })
  @ApiCreatedResponse({ type: VariantView, description: 'The stored variant' })
  @ProblemResponses(400, 503)
  register(@Body() body: VariantSourceRequest): Promise<VariantView> {
    return this.variants.register(body, body.name);
  }
}
