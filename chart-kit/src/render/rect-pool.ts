import { Container, Sprite, Texture, TilingSprite } from 'pixi.js';

/**
 * Solid rectangles as tinted sprites of one white texture: pixi batches them into one draw call,
 * and moving one costs a few property writes instead of a Graphics rebuild. Sprites are reused
 * frame to frame (call `begin`, then `rect` for each, then `end`), so the object count stays at the
 * largest number ever drawn at once.
 */
export class RectPool {
  readonly view: Container;
  private readonly sprites: Sprite[] = [];
  private used = 0;

  constructor(label: string) {
    this.view = new Container({ label });
  }

  begin(): void {
    this.used = 0;
  }

  rect(x: number, y: number, width: number, height: number, color: number, alpha = 1): Sprite {
    let sprite = this.sprites[this.used];
    if (!sprite) {
      sprite = new Sprite(Texture.WHITE);
      this.sprites.push(sprite);
      this.view.addChild(sprite);
    }
    this.used++;
    sprite.visible = true;
    sprite.position.set(x, y);
    sprite.setSize(Math.max(0, width), Math.max(0, height));
    sprite.tint = color;
    sprite.alpha = alpha;
    return sprite;
  }

  end(): void {
    for (let i = this.used; i < this.sprites.length; i++) {
      const sprite = this.sprites[i];
      if (sprite) sprite.visible = false;
    }
  }
}

/** Length of a dash and of the gap after it, in CSS pixels. */
const DASH = 4;
const GAP = 3;

/**
 * Dashed lines drawn by the GPU: a tiling sprite repeats a tiny dash texture, so a line of any
 * length is one quad. The two textures (horizontal, vertical) belong to the pool and are freed by
 * `destroy`.
 */
export class DashPool {
  readonly view: Container;
  private readonly horizontalTexture: Texture;
  private readonly verticalTexture: Texture;
  private readonly horizontal: TilingSprite[] = [];
  private readonly vertical: TilingSprite[] = [];
  private usedHorizontal = 0;
  private usedVertical = 0;

  constructor(label: string) {
    this.view = new Container({ label });
    this.horizontalTexture = dashTexture(DASH + GAP, 1);
    this.verticalTexture = dashTexture(1, DASH + GAP);
  }

  begin(): void {
    this.usedHorizontal = 0;
    this.usedVertical = 0;
  }

  /** A dashed horizontal line `thickness` px tall whose top edge is at `y`. */
  horizontalLine(x: number, y: number, width: number, thickness: number, color: number): void {
    const sprite = this.take(this.horizontal, this.usedHorizontal++, this.horizontalTexture);
    sprite.position.set(x, y);
    sprite.setSize(Math.max(0, width), thickness);
    sprite.tileScale.set(1, thickness);
    // Dashes start at the left edge of the plot whatever x is, so they do not crawl while panning.
    sprite.tilePosition.x = -x;
    sprite.tint = color;
  }

  verticalLine(x: number, y: number, height: number, thickness: number, color: number): void {
    const sprite = this.take(this.vertical, this.usedVertical++, this.verticalTexture);
    sprite.position.set(x, y);
    sprite.setSize(thickness, Math.max(0, height));
    sprite.tileScale.set(thickness, 1);
    sprite.tilePosition.y = -y;
    sprite.tint = color;
  }

  end(): void {
    for (let i = this.usedHorizontal; i < this.horizontal.length; i++) hide(this.horizontal[i]);
    for (let i = this.usedVertical; i < this.vertical.length; i++) hide(this.vertical[i]);
  }

  destroy(): void {
    this.view.destroy({ children: true });
    this.horizontalTexture.destroy(true);
    this.verticalTexture.destroy(true);
  }

  private take(sprites: TilingSprite[], index: number, texture: Texture): TilingSprite {
    let sprite = sprites[index];
    if (!sprite) {
      sprite = new TilingSprite({ texture, width: 1, height: 1 });
      sprites.push(sprite);
      this.view.addChild(sprite);
    }
    sprite.visible = true;
    return sprite;
  }
}

function hide(sprite: TilingSprite | undefined): void {
  if (sprite) sprite.visible = false;
}

/** A white dash followed by a transparent gap, along x when `width > 1`, else along y. */
function dashTexture(width: number, height: number): Texture {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#ffffff';
    if (width > 1) context.fillRect(0, 0, DASH, 1);
    else context.fillRect(0, 0, 1, DASH);
  }
  const texture = Texture.from(canvas);
  texture.source.scaleMode = 'nearest';
  return texture;
}
