"""The model zoo: public model families built from their configs with random weights (nothing downloaded).

Each entry is ``name -> Model(family, build, inputs)``. ``build(size)`` returns an ``nn.Module`` for
``size`` "tiny" (CI on the CPU: every family's structure at a few thousand parameters) or "full" (the GPU
machine: real hidden sizes, few layers); ``inputs(size, batch)`` returns the example inputs as a tuple.
Every model's forward returns a tensor or a tuple of tensors (``Wrapped`` unpacks transformers' outputs),
so the runner can compare outputs without knowing the family.
"""
import dataclasses

import torch


@dataclasses.dataclass
class Model:
    family: str
    build: object  # size -> nn.Module
    inputs: object  # (size, batch) -> tuple of tensors


class Wrapped(torch.nn.Module):
    """A transformers model whose forward returns its logits / last hidden state as a plain tensor."""

    def __init__(self, model, key):
        super().__init__()
        self.model = model
        self.key = key

    def forward(self, *args):
        return self.model(*args)[self.key]


class Decoder(torch.nn.Module):
    """An encoder-decoder model called with (input_ids, decoder_input_ids)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, decoder_input_ids):
        return self.model(input_ids=input_ids, decoder_input_ids=decoder_input_ids, return_dict=True)


# --- sizes -------------------------------------------------------------------------------------------
# tiny: the family's structure, small enough for the CPU in CI; full: real hidden sizes, two layers.
_TXT = {
    "tiny": dict(hidden=64, heads=4, kv_heads=2, layers=2, inter=128, vocab=256, seq=16),
    "full": dict(hidden=768, heads=12, kv_heads=4, layers=2, inter=3072, vocab=32000, seq=512),
}
_IMG = {"tiny": 64, "full": 224}  # tiny: a 2x2 last stage (batch norm over 1x1 of two images is degenerate)


def _ids(size, batch, vocab=None):
    s = _TXT[size]
    g = torch.Generator().manual_seed(1)
    return torch.randint(0, vocab or s["vocab"], (batch, s["seq"]), generator=g)


def _image(size, batch):
    g = torch.Generator().manual_seed(1)
    return torch.randn(batch, 3, _IMG[size], _IMG[size], generator=g)


def _hf(cls_name, config_name, key, attn="sdpa", **extra):
    """A transformers model of class cls_name; extra: config fields, each a value or a function of the size."""
    def build(size):
        import transformers
        s = _TXT[size]
        cfg = getattr(transformers, config_name)(**{k: (v(s) if callable(v) else v) for k, v in extra.items()})
        cfg._attn_implementation = attn
        model = getattr(transformers, cls_name)(cfg)
        return Wrapped(model, key)
    return build


def _llm(cls, cfg, **kw):
    base = dict(hidden_size=lambda s: s["hidden"], num_attention_heads=lambda s: s["heads"],
                num_hidden_layers=lambda s: s["layers"], intermediate_size=lambda s: s["inter"],
                vocab_size=lambda s: s["vocab"], max_position_embeddings=lambda s: 2 * s["seq"])
    base.update(kw)
    return _hf(cls, cfg, "logits", **base)


def _bert_like(cls, cfg, key="last_hidden_state", attn="sdpa", **kw):
    base = dict(hidden_size=lambda s: s["hidden"], num_attention_heads=lambda s: s["heads"],
                num_hidden_layers=lambda s: s["layers"], intermediate_size=lambda s: s["inter"],
                vocab_size=lambda s: s["vocab"], max_position_embeddings=lambda s: 2 * s["seq"] + 2)
    base.update(kw)
    return _hf(cls, cfg, key, attn, **base)


def _t5(cls, key):
    def build(size):
        import transformers
        s = _TXT[size]
        cfg = transformers.T5Config(d_model=s["hidden"], d_kv=s["hidden"] // s["heads"], d_ff=s["inter"],
                                    num_layers=s["layers"], num_decoder_layers=s["layers"],
                                    num_heads=s["heads"], vocab_size=s["vocab"], decoder_start_token_id=0)
        model = getattr(transformers, cls)(cfg)
        return Wrapped(Decoder(model), key) if cls == "T5ForConditionalGeneration" else Wrapped(model, key)
    return build


def _bart(size):
    import transformers
    s = _TXT[size]
    cfg = transformers.BartConfig(d_model=s["hidden"], encoder_layers=s["layers"], decoder_layers=s["layers"],
                                  encoder_attention_heads=s["heads"], decoder_attention_heads=s["heads"],
                                  encoder_ffn_dim=s["inter"], decoder_ffn_dim=s["inter"], vocab_size=s["vocab"],
                                  max_position_embeddings=2 * s["seq"])
    return Wrapped(Decoder(transformers.BartForConditionalGeneration(cfg)), "logits")


def _vit_hf(cls, cfg_name):
    def build(size):
        import transformers
        s = _TXT[size]
        img = _IMG[size]
        cfg = getattr(transformers, cfg_name)(hidden_size=s["hidden"], num_hidden_layers=s["layers"],
                                              num_attention_heads=s["heads"], intermediate_size=s["inter"],
                                              image_size=img, patch_size=16 if size == "full" else 8)
        return Wrapped(getattr(transformers, cls)(cfg), "last_hidden_state")
    return build


def _timm(name, **kw):
    def build(size):
        import timm
        args = dict(kw)
        if size == "tiny":
            args.update(kw.get("_tiny", {}))
        args.pop("_tiny", None)
        return timm.create_model(name, pretrained=False, num_classes=10 if size == "tiny" else 1000, **args)
    return build


def _tv(name):
    def build(size):
        import torchvision
        return getattr(torchvision.models, name)(weights=None, num_classes=10 if size == "tiny" else 1000)
    return build


def _two_ids(size, batch):
    return (_ids(size, batch), _ids(size, batch)[:, : _TXT[size]["seq"] // 2])


ZOO = {
    # decoder language models
    "gpt2": Model("decoder", _hf("GPT2LMHeadModel", "GPT2Config", "logits", n_embd=lambda s: s["hidden"],
                                 n_head=lambda s: s["heads"], n_layer=lambda s: s["layers"],
                                 n_inner=lambda s: s["inter"], vocab_size=lambda s: s["vocab"],
                                 n_positions=lambda s: 2 * s["seq"]), lambda z, b: (_ids(z, b),)),
    "llama": Model("decoder", _llm("LlamaForCausalLM", "LlamaConfig", num_key_value_heads=lambda s: s["kv_heads"]),
                   lambda z, b: (_ids(z, b),)),
    "qwen2": Model("decoder", _llm("Qwen2ForCausalLM", "Qwen2Config", num_key_value_heads=lambda s: s["kv_heads"]),
                   lambda z, b: (_ids(z, b),)),
    "mistral": Model("decoder", _llm("MistralForCausalLM", "MistralConfig",
                                     num_key_value_heads=lambda s: s["kv_heads"]), lambda z, b: (_ids(z, b),)),
    "opt": Model("decoder", _hf("OPTForCausalLM", "OPTConfig", "logits", hidden_size=lambda s: s["hidden"],
                                num_attention_heads=lambda s: s["heads"], num_hidden_layers=lambda s: s["layers"],
                                ffn_dim=lambda s: s["inter"], vocab_size=lambda s: s["vocab"],
                                word_embed_proj_dim=lambda s: s["hidden"],
                                max_position_embeddings=lambda s: 2 * s["seq"]), lambda z, b: (_ids(z, b),)),
    # encoders
    "bert": Model("encoder", _bert_like("BertModel", "BertConfig"), lambda z, b: (_ids(z, b),)),
    "roberta": Model("encoder", _bert_like("RobertaModel", "RobertaConfig"), lambda z, b: (_ids(z, b),)),
    "distilbert": Model("encoder", _hf("DistilBertModel", "DistilBertConfig", "last_hidden_state",
                                       dim=lambda s: s["hidden"], n_heads=lambda s: s["heads"],
                                       n_layers=lambda s: s["layers"], hidden_dim=lambda s: s["inter"],
                                       vocab_size=lambda s: s["vocab"],
                                       max_position_embeddings=lambda s: 2 * s["seq"]), lambda z, b: (_ids(z, b),)),
    "electra": Model("encoder", _bert_like("ElectraModel", "ElectraConfig", attn="eager",
                                           embedding_size=lambda s: s["hidden"]),
                     lambda z, b: (_ids(z, b),)),
    "albert": Model("encoder", _bert_like("AlbertModel", "AlbertConfig", embedding_size=lambda s: s["hidden"] // 2),
                    lambda z, b: (_ids(z, b),)),
    "t5_encoder": Model("encoder", _t5("T5EncoderModel", "last_hidden_state"), lambda z, b: (_ids(z, b),)),
    # encoder-decoders
    "t5": Model("encoder-decoder", _t5("T5ForConditionalGeneration", "logits"), _two_ids),
    "bart": Model("encoder-decoder", _bart, _two_ids),
    # vision transformers
    "vit": Model("vision-transformer", _vit_hf("ViTModel", "ViTConfig"), lambda z, b: (_image(z, b),)),
    "deit": Model("vision-transformer", _timm("deit_tiny_patch16_224", _tiny=dict(img_size=64, patch_size=16, depth=2)),
                  lambda z, b: (_image(z, b),)),
    "swin": Model("vision-transformer", _timm("swin_tiny_patch4_window7_224",
                                              _tiny=dict(img_size=64, patch_size=4, window_size=4, embed_dim=32,
                                                         depths=(1, 1), num_heads=(2, 4))),
                  lambda z, b: (_image(z, b),)),
    # convolutional networks
    "resnet18": Model("cnn", _tv("resnet18"), lambda z, b: (_image(z, b),)),
    "resnet50": Model("cnn", _timm("resnet50", _tiny=dict(layers=(1, 1, 1, 1))), lambda z, b: (_image(z, b),)),
    "mobilenetv2": Model("cnn", _tv("mobilenet_v2"), lambda z, b: (_image(z, b),)),
    "mobilenetv3": Model("cnn", _timm("mobilenetv3_small_100"), lambda z, b: (_image(z, b),)),
    "efficientnet": Model("cnn", _timm("efficientnet_b0"), lambda z, b: (_image(z, b),)),
    "convnext": Model("cnn", _timm("convnext_atto"), lambda z, b: (_image(z, b),)),
    "regnet": Model("cnn", _timm("regnetx_002"), lambda z, b: (_image(z, b),)),
    "densenet": Model("cnn", _tv("densenet121"), lambda z, b: (_image(z, b),)),
}
