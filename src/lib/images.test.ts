import { describe, expect, it } from 'vitest';
import { placeholderFor, responsiveImage } from './images';

describe('responsive images', () => {
  it('lists every device width at quality 75 in production', () => {
    const img = responsiveImage('https://api.ffr.fr/uploads/photo.jpg', 'resize');
    expect(img.srcSet!.split(', ')).toEqual([
      '/cdn-cgi/image/width=640,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 640w',
      '/cdn-cgi/image/width=750,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 750w',
      '/cdn-cgi/image/width=828,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 828w',
      '/cdn-cgi/image/width=1080,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 1080w',
      '/cdn-cgi/image/width=1200,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 1200w',
      '/cdn-cgi/image/width=1920,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 1920w',
      '/cdn-cgi/image/width=2048,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 2048w',
      '/cdn-cgi/image/width=3840,quality=75,format=auto/https://api.ffr.fr/uploads/photo.jpg 3840w',
    ]);
  });
  it('stops at twice the displayed width', () => {
    expect(
      responsiveImage('https://x/p.jpg', 'resize', 400)
        .srcSet!.split(', ')
        .map((s) => s.split(' ')[1]),
    ).toEqual(['640w', '750w']);
  });
  it('keeps plain URLs locally and for SVG', () => {
    expect(responsiveImage('http://127.0.0.1:8790/a.jpg', 'plain')).toEqual({ src: 'http://127.0.0.1:8790/a.jpg' });
    expect(responsiveImage('https://x/logo.svg', 'resize')).toEqual({ src: 'https://x/logo.svg' });
  });
  it('chooses the placeholder from the host name', () => {
    expect(placeholderFor('localhost')).toBe('/images/placeholder-ffr.svg');
    expect(placeholderFor('dev.presse.ffr.fr')).toBe('/images/placeholder-ffr.svg');
    expect(placeholderFor('pp.presse.ffr.fr')).toBe('/images/placeholder-ffr.svg');
    expect(placeholderFor('presse.ffr.fr')).toBe('/images/placeholder-presse.svg');
    expect(placeholderFor('presse.ffr.fr', 'https://cdn/ph.jpg')).toBe('https://cdn/ph.jpg');
  });
});
