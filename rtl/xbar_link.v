// xbar_link: one serialized crossbar link of the register-file cache (LTRF paper Sec. 4.2
// "Interconnect": links XbarBits wide, a register crosses in Beats = ceil(DataBits/XbarBits)
// cycles). A register presented with start_i in cycle t leaves as out_* in cycle
// t + Beats - 1 + Latency, whole, for one cycle, which is what a pipeline of whole-register
// stages would give; the storage is XbarBits per stage instead of DataBits:
//   sender:   beat 0 enters the link at once, beats 1.. wait in a hold register and follow one
//             per cycle (the owner starts no new register before Beats cycles);
//   link:     Latency stages of one beat, its index and the register's meta bits;
//   receiver: beats 0 .. Beats-2 collect in an assembly register; the last beat completes it.
// Proof-only fault variant (make formal, rfc): FORMAL_FAULT_RFC_LINK_BEAT_ORDER (beat k lands in
// slot k + 1 of the assembly register).
module xbar_link #(
    parameter DataBits = 1024,
    parameter XbarBits = 256,
    parameter Latency  = 4,
    parameter MetaBits = 8
) (
    input  wire                clk_i,
    input  wire                rst_ni,
    input  wire                start_i,
    input  wire [DataBits-1:0] data_i,
    input  wire [MetaBits-1:0] meta_i,
    output wire                out_valid_o,
    output wire [DataBits-1:0] out_data_o,
    output wire [MetaBits-1:0] out_meta_o
);
  localparam integer Beats = (DataBits + XbarBits - 1) / XbarBits;
  localparam integer PadBits = Beats * XbarBits;
  localparam IdxBits = (Beats > 1) ? $clog2(Beats) : 1;
  localparam integer LastI = Beats - 1;
  localparam [IdxBits-1:0] Last = LastI[IdxBits-1:0];

  // the register padded to whole beats
  wire [PadBits-1:0] pad;
  generate
    if (PadBits > DataBits) begin : g_pad
      assign pad = {{(PadBits-DataBits){1'b0}}, data_i};
    end else begin : g_nopad
      assign pad = data_i;
    end
  endgenerate

  // ---- sender: the beat entering the link this cycle -------------------------------------------
  reg                in_v;
  reg [IdxBits-1:0]  in_idx;
  reg [XbarBits-1:0] in_beat;
  reg [MetaBits-1:0] in_meta;
  generate
    if (Beats > 1) begin : g_hold
      reg [PadBits-XbarBits-1:0] hold_q;  // beats 1 .. Beats-1 of the register being sent
      reg [MetaBits-1:0]         meta_q;
      reg [IdxBits-1:0]          next_q;  // the next beat to send, 0: none
      always @* begin
        in_v    = start_i || next_q != {IdxBits{1'b0}};
        in_idx  = start_i ? {IdxBits{1'b0}} : next_q;
        in_beat = start_i ? pad[XbarBits-1:0] : hold_q[XbarBits-1:0];
        in_meta = start_i ? meta_i : meta_q;
      end
      always @(posedge clk_i)
        if (!rst_ni) begin
          hold_q <= {(PadBits-XbarBits){1'b0}};
          meta_q <= {MetaBits{1'b0}};
          next_q <= {IdxBits{1'b0}};
        end else if (start_i) begin
          hold_q <= pad[PadBits-1:XbarBits];
          meta_q <= meta_i;
          next_q <= {{(IdxBits-1){1'b0}}, 1'b1};
        end else if (next_q != {IdxBits{1'b0}}) begin
          hold_q <= hold_q >> XbarBits;
          next_q <= (next_q == Last) ? {IdxBits{1'b0}} : next_q + 1'b1;
        end
    end else begin : g_whole
      always @* begin
        in_v    = start_i;
        in_idx  = {IdxBits{1'b0}};
        in_beat = pad;
        in_meta = meta_i;
      end
    end
  endgenerate

  // ---- link: Latency stages of one beat ----------------------------------------------------------
  reg                st_v_q    [0:Latency-1];
  reg [IdxBits-1:0]  st_idx_q  [0:Latency-1];
  reg [XbarBits-1:0] st_beat_q [0:Latency-1];
  reg [MetaBits-1:0] st_meta_q [0:Latency-1];
  integer s;
  always @(posedge clk_i)
    if (!rst_ni)
      for (s = 0; s < Latency; s = s + 1) begin
        st_v_q[s] <= 1'b0; st_idx_q[s] <= {IdxBits{1'b0}};
        st_beat_q[s] <= {XbarBits{1'b0}}; st_meta_q[s] <= {MetaBits{1'b0}};
      end
    else begin
      for (s = Latency - 1; s > 0; s = s - 1) begin
        st_v_q[s] <= st_v_q[s-1]; st_idx_q[s] <= st_idx_q[s-1];
        st_beat_q[s] <= st_beat_q[s-1]; st_meta_q[s] <= st_meta_q[s-1];
      end
      st_v_q[0]    <= in_v;
      st_idx_q[0]  <= in_v ? in_idx : {IdxBits{1'b0}};
      st_beat_q[0] <= in_v ? in_beat : {XbarBits{1'b0}};
      st_meta_q[0] <= in_v ? in_meta : {MetaBits{1'b0}};
    end

  // ---- receiver ------------------------------------------------------------------------------------
  wire                last_v    = st_v_q[Latency-1] && st_idx_q[Latency-1] == Last;
  wire [XbarBits-1:0] last_beat = st_beat_q[Latency-1];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [PadBits-1:0]  whole;             // the padding bits are not used
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (Beats > 1) begin : g_asm
      reg [PadBits-XbarBits-1:0] asm_q;   // beats 0 .. Beats-2 of the arriving register
      integer k;
      always @(posedge clk_i)
        if (!rst_ni) asm_q <= {(PadBits-XbarBits){1'b0}};
        else if (st_v_q[Latency-1] && !last_v)
          for (k = 0; k < Beats - 1; k = k + 1)
`ifdef FORMAL_FAULT_RFC_LINK_BEAT_ORDER
            if (st_idx_q[Latency-1] == k[IdxBits-1:0]) asm_q[((k + 1) % (Beats - 1))*XbarBits +: XbarBits] <= last_beat;
`else
            if (st_idx_q[Latency-1] == k[IdxBits-1:0]) asm_q[k*XbarBits +: XbarBits] <= last_beat;
`endif
      assign whole = {last_beat, asm_q};
    end else begin : g_one
      assign whole = last_beat;
    end
  endgenerate

  assign out_valid_o = last_v;
  assign out_data_o  = last_v ? whole[DataBits-1:0] : {DataBits{1'b0}};
  assign out_meta_o  = last_v ? st_meta_q[Latency-1] : {MetaBits{1'b0}};
endmodule
