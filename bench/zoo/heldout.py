"""The held-out zoo: public architectures that are not in bench/zoo/models.py's ZOO, in the same format
(``name -> Model(family, build, inputs)``, tiny and full sizes, random weights, nothing downloaded).

ind is developed against ZOO; this table is what it is judged on without having been fitted to it:
other attention variants (ALiBi, relative positions, multi-query, partial and interleaved rotary,
class attention, windowed cosine attention), other normalizations (MobileBERT's NoNorm, Gemma's
RMSNorm), other token mixers (MLP-Mixer, pooling, ConvBERT's span convolutions) and other CNN building
blocks (channel shuffle, split attention, ghost modules, inception branches, ceil-mode pooling).
``bench/zoo/run.py --zoo heldout`` runs it; docs/zoo.md, "Held-out models", holds its table.
"""
import torch

from models import ZOO, _IMG, _TXT, Model, Wrapped, _bert_like, _hf, _ids, _image, _llm, _timm, _tv


class AudioDecoder(torch.nn.Module):
    """A speech encoder-decoder (Whisper) called with (input_features, decoder_input_ids)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_features, decoder_input_ids):
        return self.model(input_features=input_features, decoder_input_ids=decoder_input_ids, return_dict=True)


_MEL = {"tiny": 16, "full": 80}  # mel bins; the encoder takes 2 * max_source_positions frames


def _whisper(size):
    import transformers
    s = _TXT[size]
    cfg = transformers.WhisperConfig(d_model=s["hidden"], encoder_layers=s["layers"], decoder_layers=s["layers"],
                                     encoder_attention_heads=s["heads"], decoder_attention_heads=s["heads"],
                                     encoder_ffn_dim=s["inter"], decoder_ffn_dim=s["inter"], vocab_size=s["vocab"],
                                     num_mel_bins=_MEL[size], max_source_positions=s["seq"],
                                     max_target_positions=2 * s["seq"], decoder_start_token_id=0, pad_token_id=0,
                                     bos_token_id=0, eos_token_id=1)
    cfg._attn_implementation = "sdpa"
    return Wrapped(AudioDecoder(transformers.WhisperModel(cfg)), "last_hidden_state")


def _audio(size, batch):
    g = torch.Generator().manual_seed(1)
    feats = torch.randn(batch, _MEL[size], 2 * _TXT[size]["seq"], generator=g)
    return (feats, _ids(size, batch)[:, : _TXT[size]["seq"] // 2])


def _clip_vision(size):
    import transformers
    s = _TXT[size]
    cfg = transformers.CLIPVisionConfig(hidden_size=s["hidden"], num_hidden_layers=s["layers"],
                                        num_attention_heads=s["heads"], intermediate_size=s["inter"],
                                        image_size=_IMG[size], patch_size=16 if size == "full" else 8)
    cfg._attn_implementation = "sdpa"
    return Wrapped(transformers.CLIPVisionModel(cfg), "last_hidden_state")


def _gpt_style(cls, cfg, attn="sdpa", **kw):
    """GPT-2-named configs (n_embd, n_head, n_layer, n_positions)."""
    base = dict(n_embd=lambda s: s["hidden"], n_head=lambda s: s["heads"], n_layer=lambda s: s["layers"],
                vocab_size=lambda s: s["vocab"], n_positions=lambda s: 2 * s["seq"])
    base.update(kw)
    return _hf(cls, cfg, "logits", attn, **base)


def _timm_class(name, module, cls, **tiny):
    """A timm model whose registered name fixes the fields a tiny config changes (timm's mixer_s16_224 and
    poolformer_s12 pass their own depths and widths with the caller's): full is the registered model,
    tiny the class itself with the tiny fields. A value "nn.X" names a torch.nn class, "timm.X" one of module."""
    def build(size):
        import importlib

        import timm
        if size != "tiny":
            return timm.create_model(name, pretrained=False, num_classes=1000)
        mod = importlib.import_module(f"timm.models.{module}")
        kw = {k: getattr(torch.nn, v[3:]) if isinstance(v, str) and v.startswith("nn.") else
              getattr(mod, v[5:]) if isinstance(v, str) and v.startswith("timm.") else v for k, v in tiny.items()}
        return getattr(mod, cls)(num_classes=10, **kw)
    return build


_TEXT = lambda z, b: (_ids(z, b),)  # noqa: E731
_IMAGE = lambda z, b: (_image(z, b),)  # noqa: E731

HELDOUT = {
    # decoder language models
    "gpt_neox": Model("decoder", _llm("GPTNeoXForCausalLM", "GPTNeoXConfig", rotary_pct=0.5), _TEXT),
    "falcon": Model("decoder", _hf("FalconForCausalLM", "FalconConfig", "logits", hidden_size=lambda s: s["hidden"],
                                   num_attention_heads=lambda s: s["heads"], num_hidden_layers=lambda s: s["layers"],
                                   vocab_size=lambda s: s["vocab"], multi_query=True, parallel_attn=True,
                                   max_position_embeddings=lambda s: 2 * s["seq"]), _TEXT),
    "phi": Model("decoder", _llm("PhiForCausalLM", "PhiConfig", partial_rotary_factor=0.5), _TEXT),
    "gemma": Model("decoder", _llm("GemmaForCausalLM", "GemmaConfig", num_key_value_heads=1,
                                   head_dim=lambda s: s["hidden"] // s["heads"]), _TEXT),
    "bloom": Model("decoder", _hf("BloomForCausalLM", "BloomConfig", "logits", "eager",
                                  hidden_size=lambda s: s["hidden"], n_head=lambda s: s["heads"],
                                  n_layer=lambda s: s["layers"], vocab_size=lambda s: s["vocab"]), _TEXT),
    "codegen": Model("decoder", _gpt_style("CodeGenForCausalLM", "CodeGenConfig", "eager",
                                           rotary_dim=lambda s: s["hidden"] // s["heads"] // 2,
                                           n_inner=lambda s: s["inter"], n_ctx=lambda s: 2 * s["seq"]), _TEXT),
    "gpt_bigcode": Model("decoder", _gpt_style("GPTBigCodeForCausalLM", "GPTBigCodeConfig", multi_query=True,
                                               n_inner=lambda s: s["inter"]), _TEXT),
    # encoders
    "deberta_v2": Model("encoder", _bert_like("DebertaV2Model", "DebertaV2Config", attn="eager",
                                              relative_attention=True, position_buckets=8,
                                              pos_att_type=["p2c", "c2p"], max_relative_positions=-1), _TEXT),
    "mpnet": Model("encoder", _bert_like("MPNetModel", "MPNetConfig", attn="eager"), _TEXT),
    "mobilebert": Model("encoder", _bert_like("MobileBertModel", "MobileBertConfig", attn="eager",
                                              embedding_size=lambda s: s["hidden"] // 2,
                                              intra_bottleneck_size=lambda s: s["hidden"] // 2,
                                              true_hidden_size=lambda s: s["hidden"] // 2,
                                              num_feedforward_networks=2), _TEXT),
    "convbert": Model("encoder", _bert_like("ConvBertModel", "ConvBertConfig", attn="eager",
                                            embedding_size=lambda s: s["hidden"]), _TEXT),
    # encoder-decoders, multimodal
    "whisper": Model("encoder-decoder", _whisper, _audio),
    "clip_vision": Model("vision-transformer", _clip_vision, _IMAGE),
    # vision transformers and MLP / pooling mixers (timm)
    "cait": Model("vision-transformer", _timm("cait_xxs24_224", _tiny=dict(img_size=64, patch_size=16, depth=2,
                                                                         embed_dim=64, num_heads=4)), _IMAGE),
    "swinv2": Model("vision-transformer", _timm("swinv2_tiny_window8_256",
                                                _tiny=dict(img_size=64, patch_size=4, window_size=4, embed_dim=32,
                                                           depths=(1, 1), num_heads=(2, 4))), _IMAGE),
    "levit": Model("vision-transformer", _timm("levit_128s", _tiny=dict(img_size=64)), _IMAGE),
    "mixer": Model("mlp-mixer", _timm_class("mixer_s16_224", "mlp_mixer", "MlpMixer", img_size=64,
                                            patch_size=8, num_blocks=2, embed_dim=64), _IMAGE),
    "poolformer": Model("mlp-mixer", _timm_class("poolformer_s12", "metaformer", "MetaFormer", depths=(1, 1, 1, 1),
                                                 dims=(16, 32, 64, 128), downsample_norm=None, mlp_act="nn.GELU",
                                                 mlp_bias=True, norm_layers="timm.GroupNorm1",
                                                 layer_scale_init_values=1e-5, res_scale_init_values=None,
                                                 use_mlp_head=False), _IMAGE),
    # convolutional networks
    "shufflenet": Model("cnn", _tv("shufflenet_v2_x0_5"), _IMAGE),
    "squeezenet": Model("cnn", _tv("squeezenet1_1"), _IMAGE),
    "googlenet": Model("cnn", _tv("googlenet"), _IMAGE),
    "mnasnet": Model("cnn", _tv("mnasnet0_5"), _IMAGE),
    "ghostnet": Model("cnn", _timm("ghostnet_050"), _IMAGE),
    "resnest": Model("cnn", _timm("resnest14d"), _IMAGE),
    "res2net": Model("cnn", _timm("res2net50_14w_8s", _tiny=dict(layers=(1, 1, 1, 1))), _IMAGE),
    "dla": Model("cnn", _timm("dla46_c"), _IMAGE),
}

assert not set(HELDOUT) & set(ZOO), "a held-out model is in ZOO"
